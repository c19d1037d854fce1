import http from 'node:http';
import { listenOnLoopback } from './processes';

/**
 * A local stand-in for an OpenAI-compatible model host, speaking the real chat-completions
 * protocol (JSON responses and streamed server-sent events) on loopback, for tests. It can be
 * told to fail in each way a real host fails.
 */

export type FakeMode =
  | 'ok'
  /** Accepts the request and never answers. */
  | 'timeout'
  /** Chat: streams the first sentences of the reply, then holds the stream open (never ends it). */
  | 'stall'
  | 'http-500'
  /** Answers with empty content (streamed: no content deltas). */
  | 'empty'
  /** Report: content that is not JSON. */
  | 'invalid-json'
  /** Report: JSON, but not the report's shape. */
  | 'wrong-shape';

export interface RecordedRequest {
  body: {
    model: string;
    messages: { role: string; content: string }[];
    stream?: boolean;
    temperature?: number;
    presence_penalty?: number;
    frequency_penalty?: number;
    response_format?: { type: string };
    /** `include_usage`: a last chunk, with no choices, carries the call's token usage. */
    stream_options?: { include_usage?: boolean };
  };
  authorization: string | undefined;
}

/** One streamed chat answer, as the stand-in saw its connection. */
export interface ChatStreamRecord {
  /** The request it answers (in `requests`). */
  request: RecordedRequest;
  /** What was written as content so far. */
  written: string;
  /**
   * Settles when the connection closes: `early` when the client closed it before the stream
   * ended (it aborted the request), `at` the stand-in's clock (performance.now()) at that moment.
   */
  closed: Promise<{ early: boolean; at: number }>;
}

export interface FakeOpenAiServer {
  url: string;
  requests: RecordedRequest[];
  /** Every streamed chat answer, oldest first. */
  streams: ChatStreamRecord[];
  /** How chat turns (streamed) and reports (JSON) are answered from now on. */
  mode: { chat: FakeMode; report: FakeMode };
  /**
   * The interviewer's lines, worded as a test wants (a model words them freely); the default
   * numbers its questions. `stall` streams the sentences before the last one, then holds.
   */
  lines: ((messages: RecordedRequest['body']['messages']) => string) | null;
  /**
   * How long a streamed answer takes, as a hosted model's does: before its first content chunk,
   * and between chunks (a word each). Zero by default (tests); benchmarks set a realistic one.
   */
  delay: { firstTokenMs: number; perTokenMs: number };
  /** Back to answering normally: both modes 'ok', the default lines, no delay (a test's afterEach). */
  reset(): void;
  close(): Promise<void>;
}

let counter = 0;

/**
 * The stand-in's token count: one token per whitespace-separated word (a real tokenizer counts
 * more, but tests need a count they can work out from the text).
 */
export function fakeTokens(text: string): number {
  return text.match(/\S+/g)?.length ?? 0;
}

/** The usage the stand-in reports for a request and its answer. */
export function fakeUsage(messages: { content: string }[], answer: string) {
  const prompt = messages.reduce((n, m) => n + fakeTokens(m.content), 0);
  const completion = fakeTokens(answer);
  return {
    prompt_tokens: prompt,
    completion_tokens: completion,
    total_tokens: prompt + completion,
  };
}

function interviewerLine(messages: RecordedRequest['body']['messages']): string {
  const turns = messages.filter((m) => m.role === 'assistant').length;
  if (turns === 0) {
    return 'Hello, I am your interviewer today. To warm up, tell me about a project you enjoyed.';
  }
  return `Thanks for that. Here is question number ${turns}: how would you explain **caching** to a new colleague?`;
}

/**
 * What a model reads from a job advert (the tailored interview's extraction prompt): the first line
 * as the role, and skills written as adverts write them, which the server makes canonical.
 */
function jobReading(advert: string) {
  return {
    role: advert.split('\n')[0]!.trim(),
    level: 'senior',
    required: ['Postgres', 'k8s', 'Go', 'Go'],
    niceToHave: ['Kafka', 'Postgres'],
  };
}

/** A model answer (issue 30): says which question it answers, so a test can tell them apart. */
function modelAnswer(about: string) {
  const question = about.split('\n')[0]!.replace(/^Question \([^)]*\): /, '');
  return {
    answer: `An example answer to "${question}": I would start with the idea, then give an example.`,
  };
}

/** The text a model made up and put in quotes: a test checks it never reaches a report. */
export const MADE_UP_QUOTE = 'I single-handedly saved the company.';

/**
 * Which saved story each behavioural answer told (issue 30), as a model judges it: the first story
 * one of whose longer title words the answer says; the answer's first sentence as its situation, its last as its
 * result, and a task it never said (a made-up quote the server must drop).
 */
function storyReading(about: string) {
  const lines = about.split('\n');
  const at = (label: string) => lines.indexOf(label);
  const stories = lines
    .slice(at('Saved stories:') + 1, at('Answers:'))
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as { id: string; title: string });
  const answers = lines
    .slice(at('Answers:') + 1)
    .map((l) => JSON.parse(l) as { index: number; answer: string });
  return {
    answers: answers.map(({ index, answer }) => {
      const sentences = answer.match(/[^.!?]+[.!?]+/g) ?? [answer];
      const story = stories.find((s) =>
        s.title
          .toLowerCase()
          .split(' ')
          .some((w) => w.length > 4 && answer.toLowerCase().includes(w)),
      );
      return {
        index,
        story: story?.id ?? null,
        situation: sentences[0]!.trim(),
        task: MADE_UP_QUOTE,
        action: null,
        result: sentences.at(-1)!.trim(),
      };
    }),
  };
}

/** What a model reads from a résumé: its first line's owner's work as one project, skills as written. */
function resumeReading(text: string) {
  return {
    skills: ['Postgres', 'Golang', 'Kubernetes'],
    projects: [
      { name: 'Payments platform', summary: text.split('\n').slice(0, 2).join(' ').slice(0, 200) },
    ],
    years: 7,
  };
}

/** A plausible report for the numbered answers of the report prompt, quoting them as evidence. */
function reportFor(prompt: string) {
  const answers = [...prompt.matchAll(/^Answer (\d+): (.*)$/gm)].map((m) => ({
    index: Number(m[1]),
    text: m[2]!,
  }));
  const quote = (t: string) => t.split(' ').slice(0, 6).join(' ');
  return {
    overview: {
      totalQuestions: answers.length,
      interviewDuration: 99,
      category: 'Model',
      difficulty: 'mid',
      topicsCovered: ['Caching'],
    },
    performanceAnalysis: {
      overallScore: 72,
      communication: { score: 70, feedback: 'Clear enough.' },
      problemSolving: { score: 74, feedback: 'Reasonable approach.' },
      confidence: { score: 68, feedback: 'Some hesitation.' },
    },
    detailedFeedback: {
      strengths: ['Good structure'],
      improvementAreas: ['More depth'],
      overallFeedback: 'A solid interview from the model.',
    },
    questionAnalysis: answers.map((a) => ({
      index: a.index,
      question: `Question ${a.index}`,
      answer: a.text,
      evaluation: {
        accuracy: 80,
        completeness: 70,
        technicalDepth: 60,
        clarity: 90,
        feedback: 'Model feedback.',
      },
      explanations: {
        accuracy: 'Correct definition.',
        completeness: 'Partly complete.',
        technicalDepth: 'Some depth.',
        clarity: 'Very clear.',
      },
      evidence: {
        accuracy: [quote(a.text)],
        completeness: [quote(a.text)],
        technicalDepth: ['words the candidate never said'],
        clarity: [quote(a.text)],
      },
    })),
    skillBreakdown: [{ skill: 'Caching', score: 75 }],
    recommendations: {
      learningResources: ['A caching guide'],
      practiceAreas: ['Cache invalidation'],
      interviewTips: ['Give examples'],
    },
    additionalInsights: 'Model insight.',
  };
}

/** The configuration of an app whose model is this stand-in at `url` (plus `extra`). */
export function openAiStandInConfig(
  url: string,
  extra: Record<string, string> = {},
): Record<string, string> {
  return {
    AI_PROVIDER: 'openai',
    AI_BASE_URL: url,
    AI_API_KEY: 'sk-test-key',
    AI_MODEL: 'fake-model',
    ...extra,
  };
}

export async function startFakeOpenAiServer(): Promise<FakeOpenAiServer> {
  // What the test reads and changes, read again by every request; url and close once it listens.
  const fake: FakeOpenAiServer = {
    url: '',
    requests: [],
    streams: [],
    mode: { chat: 'ok', report: 'ok' },
    lines: null,
    delay: { firstTokenMs: 0, perTokenMs: 0 },
    reset() {
      fake.mode.chat = 'ok';
      fake.mode.report = 'ok';
      fake.lines = null;
      fake.delay.firstTokenMs = 0;
      fake.delay.perTokenMs = 0;
    },
    close: async () => undefined,
  };
  const { requests, streams, mode } = fake;
  const hanging = new Set<http.ServerResponse>();
  const { delay } = fake;
  const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString()));
    req.on('end', () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'not found' } }));
        return;
      }
      const body = JSON.parse(raw) as RecordedRequest['body'];
      requests.push({ body, authorization: req.headers.authorization });
      const current = body.stream ? mode.chat : mode.report;
      const id = `chatcmpl-${++counter}`;
      const created = Math.floor(Date.now() / 1000);
      if (current === 'timeout') {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      if (current === 'http-500') {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'internal error', type: 'server_error' } }));
        return;
      }
      if (body.stream) {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        const text = current === 'empty' ? '' : (fake.lines ?? interviewerLine)(body.messages);
        const record = { request: requests.at(-1)!, written: '' } as ChatStreamRecord;
        let ended = false;
        record.closed = new Promise((resolve) =>
          res.on('close', () => {
            hanging.delete(res);
            resolve({ early: !ended, at: performance.now() });
          }),
        );
        streams.push(record);
        const chunk = (delta: object, finish: string | null) =>
          `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
        res.write(chunk({ role: 'assistant', content: '' }, null));
        // Stalling, the last sentence never comes: the stream stays open until the client goes.
        const sentences = text.match(/[^.!?]+[.!?]+\s*|[^.!?]+$/g) ?? [];
        const sent = current === 'stall' ? sentences.slice(0, -1).join('') : text;
        const stream = async () => {
          let first = true;
          for (const p of sent.match(/\S+\s*/g) ?? []) {
            // Without a delay nothing is awaited: the whole answer is written at once, as before.
            const ms = first ? delay.firstTokenMs : delay.perTokenMs;
            if (ms > 0) await pause(ms);
            first = false;
            if (res.destroyed) return;
            record.written += p;
            res.write(chunk({ content: p }, null));
          }
          if (current === 'stall') {
            hanging.add(res);
            return;
          }
          res.write(chunk({}, 'stop'));
          if (body.stream_options?.include_usage) {
            // As OpenAI does: one more chunk, with empty choices, carrying the usage.
            res.write(
              `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: body.model, choices: [], usage: fakeUsage(body.messages, sent) })}\n\n`,
            );
          }
          ended = true;
          res.end('data: [DONE]\n\n');
        };
        void stream();
        return;
      }
      const prompt = body.messages.map((m) => m.content).join('\n');
      const content =
        current === 'empty'
          ? ''
          : current === 'invalid-json'
            ? 'Here is your report: it went well!'
            : current === 'wrong-shape'
              ? JSON.stringify({ score: 'great', notes: ['missing every field'] })
              : body.messages[0]?.content.startsWith('You read job adverts')
                ? JSON.stringify(jobReading(body.messages.at(-1)!.content))
                : body.messages[0]?.content.startsWith('You read résumés')
                  ? JSON.stringify(resumeReading(body.messages.at(-1)!.content))
                  : body.messages[0]?.content.startsWith('You write model answers')
                    ? JSON.stringify(modelAnswer(body.messages.at(-1)!.content))
                    : body.messages[0]?.content.startsWith('You read behavioural interview')
                      ? JSON.stringify(storyReading(body.messages.at(-1)!.content))
                      : JSON.stringify(reportFor(prompt));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id,
          object: 'chat.completion',
          created,
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
          usage: fakeUsage(body.messages, content),
        }),
      );
    });
  });
  const { port, close } = await listenOnLoopback(server, hanging);
  fake.url = `http://127.0.0.1:${port}/v1`;
  fake.close = close;
  return fake;
}
