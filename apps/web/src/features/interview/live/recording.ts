import {
  RECORDING_LIMITS,
  recordingFormatOf,
  recordingUrl,
  type RecordingInfo,
} from '@candor/shared';
import { ApiError, NETWORK_ERROR_MESSAGE } from '@/lib/api-client';

/**
 * Uploading the audio of one answer (issue 14), once the server acknowledged the answer (`ack`):
 * `PUT /api/interview/:id/answers/:answerId/recording` with the bytes as they are. Used by the
 * browser-recognition mode (the MediaRecorder stage, voice/answer-recorder.ts) and by the
 * server-recognition mode (the detector's utterance audio).
 *
 * An upload that fails is not retried and never stops the interview: the answer is stored either
 * way, only its audio is missing. Returns what the server kept, or null when nothing was sent
 * (an empty or over-long recording, or a format the server does not take).
 */
export async function uploadRecording(
  interviewId: string,
  answerId: string,
  blob: Blob,
  durationMs?: number,
): Promise<RecordingInfo | null> {
  const format = recordingFormatOf(blob.type);
  if (!format || blob.size === 0 || blob.size > RECORDING_LIMITS.answerMaxBytes) return null;
  const ms = Math.round(durationMs ?? (await measureDuration(blob)));
  if (!(ms >= 1) || ms > RECORDING_LIMITS.answerMaxMs) return null;
  let response: Response;
  try {
    response = await fetch(`${recordingUrl(interviewId, answerId)}?durationMs=${ms}`, {
      method: 'PUT',
      credentials: 'include',
      // The container's type with its codecs, as the recorder produced it.
      headers: { 'content-type': blob.type },
      body: blob,
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  const body = (await response.json().catch(() => null)) as
    (RecordingInfo & { message?: string; code?: string; fields?: Record<string, string> }) | null;
  if (!response.ok) {
    throw new ApiError(
      response.status,
      body?.message ?? 'The recording could not be kept',
      body?.fields,
      body?.code,
    );
  }
  return body;
}

/** The length of a recording the caller did not measure, decoded by Web Audio (1 ms if it cannot). */
async function measureDuration(blob: Blob): Promise<number> {
  try {
    const context = new OfflineAudioContext(1, 1, 16_000);
    const audio = await context.decodeAudioData(await blob.arrayBuffer());
    return Math.max(1, audio.duration * 1000);
  } catch {
    return 1;
  }
}
