import type { DrillPlan } from '@candor/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { getQueryOptions } from '@/lib/api-query';

/**
 * Practise next as a drill (issue 30, decision 045): what a drill would hold now, the drill
 * started (one click), and why each question of a drill is in it.
 */

/** GET /api/user/drill: the weakest skills and the drill's questions; empty without scores. */
export const drillPreviewQueryOptions = () =>
  getQueryOptions<DrillPlan>(['drill-preview'], '/user/drill');

export function useDrillPreview() {
  return useQuery(drillPreviewQueryOptions());
}

/** GET /api/interview/:id/drill: the plan of a drill already made (404: not a drill). */
export const drillQueryOptions = (interviewId: string) =>
  getQueryOptions<DrillPlan>(['drill', interviewId], `/interview/${interviewId}/drill`, {
    enabled: interviewId !== '',
  });

export function useDrill(interviewId: string) {
  return useQuery({ ...drillQueryOptions(interviewId), retry: false });
}

/** POST /api/user/drills: the drill attempt (charged like any attempt, with its first answer). */
export function createDrill() {
  return api.post<{ id: string; roomId: string }>('/user/drills');
}

export function useCreateDrill() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createDrill,
    // A new attempt in History once answered; the credits left change with its first answer.
    onSuccess: () => client.invalidateQueries({ queryKey: ['history'] }),
  });
}
