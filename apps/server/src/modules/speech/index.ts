/**
 * Server speech (decision 022): recognition and voice through a provider speaking the OpenAI
 * audio protocols, and their use on a live socket (live-speech.ts). What other modules use of it.
 */
export { SpeechError, type SpeechErrorKind } from './errors';
export { speechModes, transcribeUtterance, utteranceRefusal, voicedChannel } from './live-speech';
export { createSpeechServices, type SpeechServices } from './services';
export { PCM_SAMPLE_RATE, type SpeechFormat, type Synthesizer } from './synthesis';
export type { Transcriber } from './transcription';
export { recordingSpeechUsage } from './usage';
