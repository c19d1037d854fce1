import { codeRunSchema, type AttemptCoding, type CodeRun, type CodeRunBody } from '@candor/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { attemptCodingKey } from './get-attempt-coding';

/** POST /api/interview/:id/code-runs: runs or submits code against the question's tests. */
export const runCode = async (interviewId: string, body: CodeRunBody): Promise<CodeRun> =>
  codeRunSchema.parse(await api.post<unknown>(`/interview/${interviewId}/code-runs`, body));

export function useRunCode(interviewId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CodeRunBody) => runCode(interviewId, body),
    // The run joins its question's list, and becomes the code a reload restores.
    onSuccess: (run, body) =>
      client.setQueriesData<AttemptCoding>({ queryKey: attemptCodingKey(interviewId) }, (old) =>
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
