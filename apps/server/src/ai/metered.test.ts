import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { meteredProvider } from './metered';
import { AiError, SAMPLING, type AiProvider, type ChatRequest, type JsonRequest } from './provider';

/** A provider whose every call does what the test says, taking 5 ticks of the fake clock. */
function scripted(outcome: 'ok' | 'http' | 'aborted') {
  let t = 0;
  const clock = () => t;
  const provider: AiProvider = {
    name: 'openai',
    model: 'm',
    async *streamChat() {
      t += 2;
      yield 'Hello. ';
      t += 3;
      if (outcome !== 'ok') throw new AiError(outcome, 'no');
      yield 'Next question?';
    },
    async generateJson() {
      t += 5;
      if (outcome !== 'ok') throw new AiError(outcome, 'no');
      return { ok: true } as never;
    },
  };
  const calls: Array<[string, number, boolean]> = [];
  return { metered: meteredProvider(provider, (...c) => calls.push(c), clock), calls };
}

const chat = { messages: [], ...SAMPLING.turn } as unknown as ChatRequest;
const json = {
  messages: [],
  schema: z.unknown(),
  ...SAMPLING.report,
} as unknown as JsonRequest<z.ZodUnknown>;

async function drain(stream: AsyncGenerator<string, unknown>) {
  const parts: string[] = [];
  for await (const part of stream) parts.push(part);
  return parts.join('');
}

describe('a metered provider', () => {
  it('records a whole stream once, with its duration, and passes every token on', async () => {
    const { metered, calls } = scripted('ok');
    expect(await drain(metered.streamChat(chat))).toBe('Hello. Next question?');
    expect(calls).toEqual([['openai', 5, true]]);
  });

  it('records a provider failure as failed and still throws it', async () => {
    const { metered, calls } = scripted('http');
    await expect(drain(metered.streamChat(chat))).rejects.toThrow(AiError);
    await expect(metered.generateJson(json)).rejects.toThrow(AiError);
    expect(calls.map((c) => c[2])).toEqual([false, false]);
  });

  it('does not count an abort (an interruption, a closed socket) as a failure', async () => {
    const { metered, calls } = scripted('aborted');
    await expect(drain(metered.streamChat(chat))).rejects.toThrow(AiError);
    expect(calls).toEqual([['openai', 5, true]]);
  });

  it('records a stream its consumer leaves early', async () => {
    const { metered, calls } = scripted('ok');
    for await (const part of metered.streamChat(chat)) {
      expect(part).toBe('Hello. ');
      break;
    }
    expect(calls).toEqual([['openai', 2, true]]);
  });
});
