import OpenAI from 'openai';
import type { z } from 'zod';
import {
  AiError,
  type AiProvider,
  type ChatRequest,
  type ChatStream,
  type JsonRequest,
  type TokenUsage,
} from './provider';

export interface OpenAiOptions {
  baseUrl?: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
}

function classify(err: unknown, signal?: AbortSignal): AiError {
  if (err instanceof AiError) return err;
  // The caller's own signal (not the deadline) stopped it: the reply is no longer wanted.
  if (signal?.aborted) return new AiError('aborted', 'The reply was stopped', { cause: err });
  if (err instanceof OpenAI.APIConnectionTimeoutError || err instanceof OpenAI.APIUserAbortError) {
    return new AiError('timeout', 'The AI provider did not answer in time', { cause: err });
  }
  if (err instanceof Error && err.name === 'AbortError') {
    return new AiError('timeout', 'The AI provider did not answer in time', { cause: err });
  }
  if (err instanceof OpenAI.APIError) {
    return new AiError('http', `The AI provider answered HTTP ${err.status ?? 'error'}`, {
      cause: err,
    });
  }
  return new AiError('other', err instanceof Error ? err.message : 'AI provider failure', {
    cause: err,
  });
}

/** The host's usage, in our words; a host that leaves a count out used none we can know of. */
function usageOf(usage: { prompt_tokens?: number; completion_tokens?: number }): TokenUsage {
  return { promptTokens: usage.prompt_tokens ?? 0, completionTokens: usage.completion_tokens ?? 0 };
}

/** Any OpenAI-compatible chat-completions endpoint, through the official SDK. */
export function createOpenAiProvider(options: OpenAiOptions): AiProvider {
  const client = new OpenAI({
    // Local servers (Ollama, llama.cpp…) need no key, but the SDK insists on one.
    apiKey: options.apiKey ?? 'not-needed',
    baseURL: options.baseUrl,
    timeout: options.timeoutMs,
    // A failed turn is answered with an apology at once and the next turn tries again; retries
    // here would keep the candidate waiting several timeouts long.
    maxRetries: 0,
  });
  const deadline = (signal?: AbortSignal) => {
    const timeout = AbortSignal.timeout(options.timeoutMs);
    return signal ? AbortSignal.any([signal, timeout]) : timeout;
  };

  return {
    name: 'openai',
    model: options.model,
    async *streamChat(request: ChatRequest): ChatStream {
      try {
        const stream = await client.chat.completions.create(
          {
            model: options.model,
            messages: request.messages,
            temperature: request.temperature,
            presence_penalty: request.presencePenalty,
            frequency_penalty: request.frequencyPenalty,
            stream: true,
            // The last chunk then carries the call's token usage (recorded on the attempt).
            stream_options: { include_usage: true },
          },
          { signal: deadline(request.signal) },
        );
        for await (const chunk of stream) {
          if (chunk.usage) request.onUsage?.(usageOf(chunk.usage));
          const text = chunk.choices[0]?.delta?.content;
          if (text) yield text;
        }
      } catch (err) {
        throw classify(err, request.signal);
      }
    },
    async generateJson<S extends z.ZodType>(request: JsonRequest<S>): Promise<z.output<S>> {
      let content: string | null | undefined;
      try {
        const completion = await client.chat.completions.create(
          {
            model: options.model,
            messages: request.messages,
            temperature: request.temperature,
            response_format: { type: 'json_object' },
          },
          { signal: deadline(request.signal) },
        );
        if (completion.usage) request.onUsage?.(usageOf(completion.usage));
        content = completion.choices[0]?.message?.content;
      } catch (err) {
        throw classify(err, request.signal);
      }
      if (!content || content.trim() === '') throw new AiError('empty', 'Empty response from AI');
      let json: unknown;
      try {
        json = JSON.parse(content);
      } catch (err) {
        throw new AiError('invalid-json', 'Failed to generate interview report', { cause: err });
      }
      const parsed = request.schema.safeParse(json);
      if (!parsed.success) {
        throw new AiError(
          'wrong-shape',
          `The AI report did not have the expected shape: ${parsed.error.issues[0]?.path.join('.') ?? ''} ${parsed.error.issues[0]?.message ?? ''}`.trim(),
        );
      }
      return parsed.data;
    },
  };
}
