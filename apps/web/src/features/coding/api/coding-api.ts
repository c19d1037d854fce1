import {
  attemptCodingSchema,
  codeRunSchema,
  type AttemptCoding,
  type CodeRun,
  type CodeRunBody,
} from '@candor/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * The coding round's server side (issue 16): the attempt's coding questions (examples only,
 * never hidden tests) with the runs so far, and running or submitting code.
 */

const codingKey = (interviewId: string) => ['interview', interviewId, 'coding'] as const;

/**
 * The server shows a problem only once it is asked: read again for each newly asked question
 * (`askedUpTo`, the question the interviewer asked last).
 */
export function useAttemptCoding(interviewId: string, askedUpTo: number | null) {
  return useQuery({
    queryKey: [...codingKey(interviewId), askedUpTo],
    queryFn: async ({ signal }): Promise<AttemptCoding> =>
      attemptCodingSchema.parse(
        await api.get<unknown>(`/interview/${interviewId}/coding`, undefined, signal),
      ),
    staleTime: Infinity,
  });
}

export function useRunCode(interviewId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: CodeRunBody): Promise<CodeRun> =>
      codeRunSchema.parse(await api.post<unknown>(`/interview/${interviewId}/code-runs`, body)),
    // The run joins its question's list, and becomes the code a reload restores.
    onSuccess: (run, body) =>
      client.setQueriesData<AttemptCoding>({ queryKey: codingKey(interviewId) }, (old) =>
        old
          ? {
              questions: old.questions.map((q) =>
                q.questionIndex === run.questionIndex
                  ? {
                      ...q,
                      runs: [...q.runs, run],
                      lastCode: { language: body.language, code: body.code },
                    }
                  : q,
              ),
            }
          : old,
      ),
  });
}
