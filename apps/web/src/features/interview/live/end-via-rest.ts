import { api, ApiError } from '@/lib/api-client';
import type { EndResult } from './session';

/**
 * The server's refusal to end an attempt that is not complete yet. The one place the client
 * recognises it: the server's words until its errors carry codes (issue 13), then the code.
 */
const NOT_COMPLETE_MESSAGE = 'Interview is not yet complete';
export function isNotComplete(err: unknown): boolean {
  return err instanceof ApiError && err.message === NOT_COMPLETE_MESSAGE;
}

/** Ends the attempt through the REST API (the live channel could not): the same rules. */
export async function endViaRest(interviewId: string, early: boolean): Promise<EndResult> {
  try {
    await api.put(`/interview/${interviewId}`, { status: 'completed', early });
    return 'ended';
  } catch (err) {
    return isNotComplete(err) ? 'not_complete' : 'failed';
  }
}
