import type { Config } from '../../config';
import { createSynthesizer, type Synthesizer } from './synthesis';
import { createTranscriber, type Transcriber } from './transcription';

/** The configured speech services: null where the browser does the work (the default). */
export interface SpeechServices {
  transcriber: Transcriber | null;
  synthesizer: Synthesizer | null;
}

export function createSpeechServices(config: Config): SpeechServices {
  return {
    transcriber:
      config.STT_PROVIDER === 'openai'
        ? createTranscriber({
            baseUrl: config.STT_BASE_URL,
            apiKey: config.STT_API_KEY,
            model: config.STT_MODEL,
            stream: config.STT_STREAM,
            timeoutMs: config.SPEECH_TIMEOUT_MS,
          })
        : null,
    synthesizer:
      config.TTS_PROVIDER === 'openai'
        ? createSynthesizer({
            baseUrl: config.TTS_BASE_URL,
            apiKey: config.TTS_API_KEY,
            model: config.TTS_MODEL,
            voice: config.TTS_VOICE,
            timeoutMs: config.SPEECH_TIMEOUT_MS,
            format: 'pcm',
          })
        : null,
  };
}
