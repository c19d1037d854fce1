import type { z } from 'zod';
import { AiError, type AiProvider, type ChatRequest, type JsonRequest } from '../provider';
import { splitSentences } from '@candor/shared';
import { builtinInterviewerTurn } from './interviewer';
import { evaluatorHere, type BuiltinEvaluator } from './report-pool';

export const BUILTIN_MODEL = 'builtin-evaluator-1';

/**
 * The offline provider: the builtin interviewer for chat and the builtin evaluator for the
 * report. It reads the structured context and input rather than the prompt text. The report is
 * made by `report` (the app passes its worker pool: seconds of CPU kept off the event loop); an
 * interviewer's turn is short and stays on the calling thread.
 */
export function createBuiltinProvider(
  report: BuiltinEvaluator['report'] = evaluatorHere.report,
): AiProvider {
  return {
    name: 'builtin',
    model: BUILTIN_MODEL,
    async *streamChat(request: ChatRequest) {
      const { text, kind } = builtinInterviewerTurn(request.context, request.messages);
      for (const chunk of splitSentences(text)) {
        if (request.signal?.aborted) throw new AiError('aborted', 'The reply was stopped');
        yield chunk;
        // Let other work run between chunks, as a network stream would.
        await new Promise<void>((resolve) => setImmediate(resolve));
      }
      return { kind };
    },
    async generateJson<S extends z.ZodType>(request: JsonRequest<S>): Promise<z.output<S>> {
      if (!request.input) throw new AiError('other', 'The builtin provider writes reports only');
      const parsed = request.schema.safeParse(await report(request.input));
      if (!parsed.success)
        throw new AiError('wrong-shape', 'builtin report did not fit the schema');
      return parsed.data;
    },
  };
}
