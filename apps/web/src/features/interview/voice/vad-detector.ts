import { VOICE } from '@candor/shared';
import type { DetectorEvents, DetectorLike } from './server-recogniser';

/**
 * The in-page voice-activity detector (@ricky0123/vad-web with the Silero model), loaded only
 * when the server recognises speech: its code, the model and the ONNX runtime's WebAssembly come
 * from our own origin (/vad/, copied there by the web build), never from a CDN, and stay out of
 * the first download. The microphone is opened with echo cancellation and noise suppression, so
 * the interviewer's voice from the speakers is not taken for the candidate's.
 */

/** Where the build puts the model, the worklet and the runtime's WebAssembly (vite.config.ts). */
export const VAD_ASSET_PATH = '/vad/';

export function createVadDetector(events: DetectorEvents): DetectorLike {
  let vad: { start(): Promise<void>; destroy(): Promise<void> } | null = null;
  let stopped = false;
  let loading: Promise<void> | null = null;
  const load = async () => {
    const { MicVAD } = await import('@ricky0123/vad-web');
    vad = await MicVAD.new({
      model: 'v5',
      baseAssetPath: VAD_ASSET_PATH,
      onnxWASMBasePath: VAD_ASSET_PATH,
      startOnLoad: false,
      // The end of an utterance after this much silence (the library's default is 1,400 ms):
      // it counts toward the end-of-turn wait, which is 500 ms for a finished answer at quick
      // patience (decision 037 has the measurement).
      redemptionMs: VOICE.vadRedemptionMs,
      getStream: () =>
        navigator.mediaDevices.getUserMedia({
          audio: {
            channelCount: 1,
            echoCancellation: true,
            noiseSuppression: true,
            autoGainControl: true,
          },
        }),
      onSpeechStart: () => events.onSpeechStart(),
      onSpeechRealStart: () => events.onSpeechConfirmed(),
      onSpeechEnd: (audio) => events.onSpeechEnd(audio),
      onVADMisfire: () => events.onMisfire(),
    });
  };
  return {
    async start() {
      if (stopped) return;
      loading ??= load();
      try {
        await loading;
      } catch (err) {
        loading = null;
        throw err;
      }
      if (!stopped) await vad!.start();
    },
    // The microphone is let go of (its light goes off); a later turn-on makes a new detector.
    pause() {
      stopped = true;
      void loading?.then(() => vad?.destroy()).catch(() => undefined);
    },
  };
}
