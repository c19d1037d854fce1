import type { z } from 'zod';
import {
  AiError,
  type AiProvider,
  type ChatRequest,
  type ChatStream,
  type JsonRequest,
} from './provider';

/** Told of every finished provider call: its duration and whether the provider failed it. */
export type AiCallRecorder = (provider: string, ms: number, ok: boolean) => void;

/** An abort is the caller's choice (an interruption, a closed socket), not a provider failure. */
const failed = (err: unknown) => !(err instanceof AiError && err.kind === 'aborted');

/**
 * The provider with every call timed and counted, so metrics see the interviewer's turns and the
 * reports alike without the callers knowing. A stream counts from its first request to its last
 * token (or to the consumer leaving it early, which is not a failure).
 */
export function meteredProvider(
  provider: AiProvider,
  record: AiCallRecorder,
  clock: () => number = () => performance.now(),
): AiProvider {
  return {
    name: provider.name,
    model: provider.model,
    streamChat(request: ChatRequest): ChatStream {
      const inner = provider.streamChat(request);
      const started = clock();
      return (async function* metered() {
        let ok = true;
        try {
          return yield* inner;
        } catch (err) {
          ok = !failed(err);
          throw err;
        } finally {
          record(provider.name, clock() - started, ok);
        }
      })();
    },
    async generateJson<S extends z.ZodType>(request: JsonRequest<S>): Promise<z.output<S>> {
      const started = clock();
      let ok = true;
      try {
        return await provider.generateJson(request);
      } catch (err) {
        ok = !failed(err);
        throw err;
      } finally {
        record(provider.name, clock() - started, ok);
      }
    },
  };
}
