import { z } from 'zod';

/**
 * Server speech on the live channel (issue 14, decision 022). Audio travels as binary WebSocket
 * frames on the attempt's live socket, each one self-describing: a 4-byte big-endian length, that
 * many bytes of a UTF-8 JSON header, then the audio bytes. Everything else stays JSON text frames
 * (`transcript`, `speech.*` in live-protocol.ts).
 */

export const LIVE_AUDIO = {
  /** One utterance from the page: 16 kHz 16-bit mono WAV, so about two minutes. */
  maxUtteranceBytes: 4 * 1024 * 1024,
  /** A JSON text frame (as before audio was added). */
  maxTextFrameBytes: 256 * 1024,
  /** A binary frame's JSON header. */
  maxHeaderBytes: 1024,
  /** The interviewer's voice: 16-bit little-endian mono pcm at this rate (the OpenAI pcm rate). */
  pcmSampleRate: 24_000,
} as const;

/** The largest frame the live socket takes (a whole utterance with its header). */
export const MAX_LIVE_FRAME_BYTES = LIVE_AUDIO.maxUtteranceBytes + LIVE_AUDIO.maxHeaderBytes + 4;

/** Client → server: one utterance the page's voice-activity detector found, for transcription. */
export const utteranceHeaderSchema = z.object({
  type: z.literal('utterance'),
  /** A client-generated uuid: the `transcript` frames name it. */
  id: z.uuid(),
  mimeType: z.literal('audio/wav'),
  /** Date.now() milliseconds when the detector heard the speech start and end. */
  startedAt: z.number().nonnegative().optional(),
  endedAt: z.number().nonnegative().optional(),
});
export type UtteranceHeader = z.infer<typeof utteranceHeaderSchema>;

/** Server → client: a chunk of the voice of sentence `index` of reply `replyId`. */
export const audioHeaderSchema = z.object({
  type: z.literal('audio'),
  replyId: z.string().min(1).max(100),
  index: z.number().int().min(0),
});
export type AudioHeader = z.infer<typeof audioHeaderSchema>;

export function encodeBinaryFrame(header: UtteranceHeader | AudioHeader, payload: Uint8Array) {
  const json = new TextEncoder().encode(JSON.stringify(header));
  const frame = new Uint8Array(4 + json.length + payload.length);
  new DataView(frame.buffer).setUint32(0, json.length);
  frame.set(json, 4);
  frame.set(payload, 4 + json.length);
  return frame;
}

/** The header (not yet validated) and payload of a binary frame; null when it is not one. */
export function decodeBinaryFrame(
  data: Uint8Array,
): { header: unknown; payload: Uint8Array } | null {
  if (data.length < 4) return null;
  const length = new DataView(data.buffer, data.byteOffset, data.byteLength).getUint32(0);
  if (length === 0 || length > LIVE_AUDIO.maxHeaderBytes || 4 + length > data.length) return null;
  try {
    const header: unknown = JSON.parse(
      new TextDecoder('utf-8', { fatal: true }).decode(data.subarray(4, 4 + length)),
    );
    return { header, payload: data.subarray(4 + length) };
  } catch {
    return null;
  }
}

/** 32-bit float samples (Web Audio, the detector) as 16-bit integers, clipped. */
export function pcm16FromFloat32(samples: Float32Array): Int16Array {
  const out = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    const s = Math.max(-1, Math.min(1, samples[i]!));
    out[i] = Math.round(s < 0 ? s * 0x8000 : s * 0x7fff);
  }
  return out;
}

/** A mono 16-bit WAV file of these samples: what an utterance is sent as. */
export function wavFromPcm16(samples: Int16Array, sampleRate: number): Uint8Array {
  const wav = new Uint8Array(44 + samples.length * 2);
  const view = new DataView(wav.buffer);
  const text = (at: number, s: string) => {
    for (let i = 0; i < s.length; i++) wav[at + i] = s.charCodeAt(i);
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + samples.length * 2, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, 1, true); // PCM
  view.setUint16(22, 1, true); // mono
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, samples.length * 2, true);
  for (let i = 0; i < samples.length; i++) view.setInt16(44 + i * 2, samples[i]!, true);
  return wav;
}

/** What the candidate is told when a transcription fails: the turn goes on by typing. */
export const TRANSCRIPTION_FAILED_MESSAGE =
  "Sorry, I couldn't make out that answer. Please say it again, or type it below.";

/** Who recognises and who speaks in this interview, as the operator configured it. */
export const speechModesSchema = z.object({
  recognition: z.enum(['browser', 'server']),
  voice: z.enum(['browser', 'server']),
});
export type SpeechModes = z.infer<typeof speechModesSchema>;

/**
 * `GET /api/interview/speech`: what the pre-start screen tells the candidate about this server's
 * interview: who recognises and speaks, and whether coaches may play kept recordings
 * (COACH_REVIEW_RECORDINGS), so the recordings note says so before anything is kept.
 */
export const interviewSetupSchema = speechModesSchema.extend({
  coachesMayListen: z.boolean(),
});
export type InterviewSetup = z.infer<typeof interviewSetupSchema>;
