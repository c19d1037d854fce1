import type { Story, StoryBody, StoryDraft } from '@candor/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getQueryOptions } from '@/lib/api-query';

/** My stories (issue 30): the list, one saved, and a draft from a behavioural answer. */

export const storiesQueryOptions = () => getQueryOptions<Story[]>(['stories'], '/user/stories');

export function useStories() {
  return useQuery(storiesQueryOptions());
}

/** GET /api/interview/:id/story-draft?question=N, fetched when the candidate opens the form. */
export const storyDraftQueryOptions = (interviewId: string, question: number, enabled: boolean) =>
  getQueryOptions<StoryDraft>(
    ['story-draft', interviewId, question],
    `/interview/${interviewId}/story-draft`,
    { query: { question }, enabled },
  );

export function useStoryDraft(interviewId: string, question: number, enabled: boolean) {
  return useQuery({ ...storyDraftQueryOptions(interviewId, question, enabled), retry: false });
}

export function createStory(body: StoryBody) {
  return api.post<Story>('/user/stories', body);
}

export function useCreateStory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createStory,
    onSuccess: () => client.invalidateQueries({ queryKey: ['stories'] }),
  });
}

export function updateStory(id: string, body: StoryBody) {
  return api.put<Story>(`/user/stories/${id}`, body);
}

export function useUpdateStory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: StoryBody }) => updateStory(id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: ['stories'] }),
  });
}

export function deleteStory(id: string) {
  return api.delete<{ success: true }>(`/user/stories/${id}`);
}

export function useDeleteStory() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: deleteStory,
    onSuccess: () => client.invalidateQueries({ queryKey: ['stories'] }),
  });
}
