import { whiteboardSavedSchema, type WhiteboardSave, type WhiteboardSaved } from '@candor/shared';
import { api } from '@/lib/api-client';

/**
 * PUT /api/interview/:id/whiteboard: saves the board as a new version. Refused (409
 * WHITEBOARD_STALE) when another window saved since `baseVersion`.
 */
export const saveWhiteboard = async (
  interviewId: string,
  body: WhiteboardSave,
): Promise<WhiteboardSaved> =>
  whiteboardSavedSchema.parse(await api.put<unknown>(`/interview/${interviewId}/whiteboard`, body));
