import type { UsageRecorder } from '../../ai/usage';
import { wavDurationMs } from '../recordings';
import type { SpeechServices } from './services';
import { SpeechError } from './errors';

const NO_TOKENS = { promptTokens: 0, completionTokens: 0 };

/**
 * The speech services with what each request made for an attempt cost recorded (issue 17): the
 * seconds of audio sent to the recogniser, the characters sent to the voice. Recorded once the
 * host has answered (a transcript, or "nothing recognised", which is billed too); a request the
 * host failed or that was stopped before it answered records nothing, since the host bills
 * nothing for it. One row per utterance and per voiced sentence.
 */
export function recordingSpeechUsage(
  speech: SpeechServices,
  record: UsageRecorder,
  models: { transcription: string; voice: string },
): SpeechServices {
  const { transcriber, synthesizer } = speech;
  return {
    transcriber: transcriber && {
      async transcribe(request) {
        const audio = Buffer.from(
          request.audio.buffer,
          request.audio.byteOffset,
          request.audio.byteLength,
        );
        const seconds = (wavDurationMs(audio) ?? 0) / 1000;
        const done = () =>
          request.interviewId
            ? record({
                interviewId: request.interviewId,
                purpose: 'speech',
                provider: 'openai-speech',
                model: models.transcription,
                usage: NO_TOKENS,
                speech: { seconds, characters: 0 },
              })
            : Promise.resolve();
        try {
          const text = await transcriber.transcribe(request);
          await done();
          return text;
        } catch (err) {
          if (err instanceof SpeechError && err.kind === 'empty') await done();
          throw err;
        }
      },
    },
    synthesizer: synthesizer && {
      format: synthesizer.format,
      async *synthesize(request) {
        let answered = false;
        try {
          for await (const chunk of synthesizer.synthesize(request)) {
            answered = true;
            yield chunk;
          }
        } finally {
          // The host started sending audio: it has taken (and bills) the whole text.
          if (answered && request.interviewId) {
            await record({
              interviewId: request.interviewId,
              purpose: 'speech',
              provider: 'openai-speech',
              model: models.voice,
              usage: NO_TOKENS,
              speech: { seconds: 0, characters: request.text.length },
            });
          }
        }
      },
    },
  };
}
