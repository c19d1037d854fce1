import type {
  CreateInterviewResponse,
  CreateTailoredInterviewBody,
  TailoredJobDescription,
  TailoredResume,
} from '@candor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * Practise for a job (issue 15): the advert and the résumé are read on the server (and kept among
 * the candidate's documents, listed in Settings), then the confirmed skills make the attempt.
 */

/** POST /api/tailored/job-descriptions. */
export function readJobDescription(jobDescription: string) {
  return api.post<TailoredJobDescription>('/tailored/job-descriptions', { jobDescription });
}

/** POST /api/tailored/resumes?name=…, the file's own bytes as the body. */
export function uploadResume(file: File) {
  return api.upload<TailoredResume>('/tailored/resumes', file, { name: file.name });
}

/** Both documents read; the candidate's documents list changes with them. */
export function useReadDocuments() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({
      jobDescription,
      resume,
    }: {
      jobDescription: string;
      resume: File | null;
    }) => {
      const [job, profile] = await Promise.all([
        readJobDescription(jobDescription),
        resume ? uploadResume(resume) : Promise.resolve(null),
      ]);
      return { job, resume: profile };
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['user', 'documents'] }),
  });
}

/** POST /api/tailored/interviews. */
export function useCreateTailoredInterview() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateTailoredInterviewBody) =>
      api.post<CreateInterviewResponse>('/tailored/interviews', body),
    // A new attempt: the history, the dashboard and the credits left change.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['user'] }),
  });
}
