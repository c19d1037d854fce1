import { describe, expect, it } from 'vitest';
import { readServerSentEvents } from './sse';

function body(chunks: string[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  return new ReadableStream({
    start(controller) {
      for (const c of chunks) controller.enqueue(encoder.encode(c));
      controller.close();
    },
  });
}

async function all(chunks: string[]) {
  const out: string[] = [];
  for await (const data of readServerSentEvents(body(chunks))) out.push(data);
  return out;
}

describe('readServerSentEvents', () => {
  it('yields each data payload, ignoring event:, id: and comment lines', async () => {
    expect(
      await all([
        'event: transcript.text.delta\ndata: {"a":1}\n\n',
        ': keep-alive\n\nid: 7\nretry: 10\ndata: two\n\n',
      ]),
    ).toEqual(['{"a":1}', 'two']);
  });

  it('joins lines split across network chunks, in \\r\\n too, and multi-line data', async () => {
    expect(await all(['da', 'ta: {"te', 'xt":"Zoë"}\r', '\n\r\ndata: a\ndata: b\n\n'])).toEqual([
      '{"text":"Zoë"}',
      'a\nb',
    ]);
  });

  it('yields a last event the server ended without a blank line', async () => {
    expect(await all(['data: [DONE]'])).toEqual(['[DONE]']);
  });

  it('keeps a multi-byte character split between chunks whole', async () => {
    const bytes = new TextEncoder().encode('data: O’Brien\n\n');
    const cut = 10; // inside the three bytes of ’
    const stream = new ReadableStream<Uint8Array>({
      start(c) {
        c.enqueue(bytes.slice(0, cut));
        c.enqueue(bytes.slice(cut));
        c.close();
      },
    });
    const out: string[] = [];
    for await (const d of readServerSentEvents(stream)) out.push(d);
    expect(out).toEqual(['O’Brien']);
  });
});
