import type { z } from 'zod';
import type { AiProvider, ChatRequest, ChatStream, JsonRequest, TokenUsage } from './provider';

/**
 * One finished provider call, with the usage its host reported: made for an attempt, or for a
 * candidate outside any attempt (their documents read by the model).
 */
export interface AiCallUsage {
  interviewId: string | null;
  /** Set when there is no attempt: whose call it was. */
  userId?: string;
  /**
   * An interviewer's turn (streamed), a report, speech (recognised or voiced), or a candidate's
   * document (a job description or résumé) read by the model.
   */
  purpose: 'reply' | 'report' | 'speech' | 'document';
  provider: AiProvider['name'] | 'openai-speech';
  model: string;
  usage: TokenUsage;
  /** Speech only: seconds of the candidate's audio recognised, characters voiced. */
  speech?: { seconds: number; characters: number };
}

/** Stores a call's usage; must not throw (a failure to record never fails the call). */
export type UsageRecorder = (call: AiCallUsage) => Promise<void>;

const NONE: TokenUsage = { promptTokens: 0, completionTokens: 0 };

/**
 * The provider with every call made for an attempt recorded, once it ends (succeeded, failed or
 * stopped), with the tokens its host reported: streamed turns through their last chunk's usage,
 * reports and documents through the answer's. A call the host reported nothing for (the builtin provider, a
 * stream stopped before its end) is recorded with zero tokens. Callers need not know: the
 * attempt's id (or, for a document, the candidate's) comes with the request.
 */
export function recordingUsage(provider: AiProvider, record: UsageRecorder): AiProvider {
  return {
    name: provider.name,
    model: provider.model,
    streamChat(request: ChatRequest): ChatStream {
      let usage = NONE;
      const inner = provider.streamChat({
        ...request,
        onUsage: (u) => {
          usage = u;
          request.onUsage?.(u);
        },
      });
      return (async function* recorded() {
        try {
          return yield* inner;
        } finally {
          await record({
            interviewId: request.context.interviewId,
            purpose: 'reply',
            provider: provider.name,
            model: provider.model,
            usage,
          });
        }
      })();
    },
    async generateJson<S extends z.ZodType>(request: JsonRequest<S>): Promise<z.output<S>> {
      let usage = NONE;
      try {
        return await provider.generateJson({
          ...request,
          onUsage: (u) => {
            usage = u;
            request.onUsage?.(u);
          },
        });
      } finally {
        if (request.interviewId) {
          await record({
            interviewId: request.interviewId,
            purpose: 'report',
            provider: provider.name,
            model: provider.model,
            usage,
          });
        } else if (request.userId) {
          await record({
            interviewId: null,
            userId: request.userId,
            purpose: 'document',
            provider: provider.name,
            model: provider.model,
            usage,
          });
        }
      }
    },
  };
}
