import http from 'node:http';
import { listenOnLoopback } from './processes';
import { startFakeOpenAiServer, type FakeOpenAiServer } from './fake-openai-server';

// ---------------------------------------------------------------------------------------------
// A model host that fails: a proxy in front of the local OpenAI-compatible stand-in, injecting
// the faults of a real host (no answer, HTTP 500, garbage bodies, a stream cut in the middle).

export type Fault =
  | 'ok'
  /** Answers after a pause (widens the window in which a reply is in flight). */
  | 'slow'
  /** Accepts the request and never answers. */
  | 'hang'
  | 'http-500'
  /** 200 with an HTML page instead of JSON or an event stream. */
  | 'garbage-html'
  /** 200 with an event stream whose events are not JSON. */
  | 'garbage-sse'
  /** 200 with a JSON body of the wrong structure. */
  | 'garbage-json'
  /** The real answer, cut off after its first bytes (the connection is destroyed). */
  | 'truncated';

export interface FaultyModelHost {
  url: string;
  /** Decides the fault of each request: its kind and its number among requests of that kind. */
  decide: (kind: 'chat' | 'report', n: number) => Fault;
  counts: Record<Fault, number>;
  requests: { chat: number; report: number };
  close(): Promise<void>;
}

export async function startFaultyModelHost(): Promise<FaultyModelHost> {
  const upstream: FakeOpenAiServer = await startFakeOpenAiServer();
  const target = new URL(upstream.url);
  const open = new Set<http.ServerResponse>();
  const counts = Object.fromEntries(
    (
      [
        'ok',
        'slow',
        'hang',
        'http-500',
        'garbage-html',
        'garbage-sse',
        'garbage-json',
        'truncated',
      ] as Fault[]
    ).map((f) => [f, 0]),
  ) as Record<Fault, number>;
  const host: FaultyModelHost = {
    url: '',
    decide: () => 'ok',
    counts,
    requests: { chat: 0, report: 0 },
    close: async () => undefined,
  };

  const forward = (
    req: http.IncomingMessage,
    raw: Buffer,
    res: http.ServerResponse,
    cut: boolean,
  ) => {
    const out = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: target.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        if (!cut) {
          answer.pipe(res);
          return;
        }
        answer.once('data', (chunk: Buffer) => {
          res.write(chunk.subarray(0, Math.max(1, Math.floor(chunk.length / 2))));
          setTimeout(() => res.destroy(), 10);
          answer.destroy();
        });
      },
    );
    out.on('error', () => res.destroy());
    out.end(raw);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks);
      let stream = false;
      try {
        stream = Boolean((JSON.parse(raw.toString()) as { stream?: boolean }).stream);
      } catch {
        // the SDK always sends JSON
      }
      const kind = stream ? 'chat' : 'report';
      host.requests[kind] += 1;
      const fault = host.decide(kind, host.requests[kind]);
      counts[fault] += 1;
      open.add(res);
      res.on('close', () => open.delete(res));
      switch (fault) {
        case 'ok':
          return forward(req, raw, res, false);
        case 'slow':
          setTimeout(() => forward(req, raw, res, false), 150);
          return;
        case 'hang':
          return;
        case 'http-500':
          res.writeHead(500, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ error: { message: 'internal error', type: 'server_error' } }));
          return;
        case 'garbage-html':
          res.writeHead(200, { 'content-type': 'text/html' });
          res.end('<html><body><h1>502 Bad Gateway</h1></body></html>');
          return;
        case 'garbage-sse':
          res.writeHead(200, { 'content-type': 'text/event-stream' });
          res.end(
            'data: {"choices": [{"delta": {"content": "Hel\n\ndata: \u0000\u0001garbage}}\n\n',
          );
          return;
        case 'garbage-json':
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ unexpected: true, choices: 'nope' }));
          return;
        case 'truncated':
          return forward(req, raw, res, true);
      }
    });
  });
  const listening = await listenOnLoopback(server, open);
  host.url = `http://127.0.0.1:${listening.port}/v1`;
  host.close = async () => {
    await listening.close();
    await upstream.close();
  };
  return host;
}
