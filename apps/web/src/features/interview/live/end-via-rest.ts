import { api, ApiError } from '@/lib/api-client';
import type { EndResult } from './session-state';

/**
 * The code of the server's refusal to end an attempt it has not decided is over (without
 * `early`): the client asks for confirmation. The code, never the message, decides (issue 13).
 */
export const NOT_COMPLETE_CODE = 'NOT_COMPLETE';

/** Ends the attempt through the REST API (the live channel could not): the same rules. */
export async function endViaRest(interviewId: string, early: boolean): Promise<EndResult> {
  try {
    await api.put(`/interview/${interviewId}`, { status: 'completed', early });
    return 'ended';
  } catch (err) {
    return err instanceof ApiError && err.code === NOT_COMPLETE_CODE ? 'not_complete' : 'failed';
  }
}
