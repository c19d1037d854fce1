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

/** English runs about four characters a token (OpenAI's published rule of thumb). */
const CHARACTERS_PER_TOKEN = 4;

/**
 * What a call probably used when its host never said: the prompt it was sent and the text it
 * wrote before it stopped, at about four characters a token. An estimate, like the cost it prices.
 */
export function estimatedUsage(messages: { content: string }[], written: string): TokenUsage {
  const tokens = (characters: number) => Math.ceil(characters / CHARACTERS_PER_TOKEN);
  return {
    promptTokens: tokens(messages.reduce((n, m) => n + m.content.length, 0)),
    completionTokens: tokens(written.length),
  };
}

/**
 * The provider with every call made for an attempt recorded, once it ends (succeeded, failed or
 * stopped), with the tokens its host reported: streamed turns through their last chunk's usage,
 * reports and documents through the answer's. A model's stream the host reported nothing for (the
 * candidate interrupted it, its socket closed, the host ignores `include_usage`) is recorded with
 * an estimate (`estimatedUsage`, decision 034): the host read the prompt and billed what it wrote
 * before the stop, so zero would understate exactly the turns a demanding interview cuts short.
 * The builtin provider costs nothing and stays at zero. Callers need not know: the attempt's id
 * (or, for a document, the candidate's) comes with the request.
 */
export function recordingUsage(provider: AiProvider, record: UsageRecorder): AiProvider {
  return {
    name: provider.name,
    model: provider.model,
    streamChat(request: ChatRequest): ChatStream {
      let usage = null as TokenUsage | null;
      const inner = provider.streamChat({
        ...request,
        onUsage: (u) => {
          usage = u;
          request.onUsage?.(u);
        },
      });
      return (async function* recorded() {
        let written = '';
        let finished = false;
        try {
          // Step by step rather than `yield*`, to see the text written before any stop.
          for (;;) {
            const step = await inner.next();
            if (step.done) {
              finished = true;
              return step.value;
            }
            written += step.value;
            yield step.value;
          }
        } finally {
          // The consumer left early (an interruption): close the host's stream as `yield*` would.
          if (!finished) await inner.return(undefined);
          await record({
            interviewId: request.context.interviewId,
            purpose: 'reply',
            provider: provider.name,
            model: provider.model,
            usage:
              usage ??
              (provider.name === 'builtin' ? NONE : estimatedUsage(request.messages, written)),
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
