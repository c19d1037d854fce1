import type {
  AuthProvidersResponse,
  ConversationMessage,
  InterviewDetail,
  PublicUser,
  ServerFrame,
} from '@candor/shared';
import { isStaffRole } from '@candor/shared';
import { vi } from 'vitest';

/** A signed-in user as GET /api/auth/me returns it. */
export function makeUser(over: Partial<PublicUser> = {}): PublicUser {
  return {
    id: 'user-1',
    email: 'ada@example.com',
    firstName: 'Ada',
    lastName: 'Lovelace',
    avatar: null,
    role: 'candidate',
    status: 'active',
    experienceLevel: 'mid',
    bio: null,
    location: null,
    githubUrl: null,
    linkedinUrl: null,
    twitterUrl: null,
    theme: 'system',
    patience: 'normal',
    createdAt: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}

export interface FakeAuthState {
  /** The signed-in candidate and administrator; nobody (signed out) when left out. */
  candidate?: PublicUser | null;
  admin?: PublicUser | null;
  /** Social sign-in configured on the server (none by default). */
  providers?: Partial<AuthProvidersResponse>;
  /** Answers for other endpoints, by "METHOD /api/path"; may answer later (a promise). */
  routes?: Record<string, (body: unknown) => Answer | Promise<Answer>>;
  /** Answers every other request; without it, unknown endpoints get a 404. */
  fallback?: (request: RecordedRequest) => Answer | Promise<Answer>;
}

export interface Answer {
  status?: number;
  body: unknown;
}

export interface RecordedRequest {
  method: string;
  path: string;
  /** The path with its query string. */
  url: string;
  body: unknown;
}

const json = (body: unknown, status = 200) =>
  // 204 and its kind have no body at all.
  [204, 205, 304].includes(status)
    ? new Response(null, { status })
    : new Response(JSON.stringify(body), {
        status,
        headers: { 'content-type': 'application/json' },
      });

/**
 * The web tests' fake server, HTTP side (the live side is `fakeLiveServer` below). Stands in for
 * the HTTP boundary only: both portals' session checks and /me as the server answers them
 * (the session check says null when signed out, /me says 401), so the screens, guards, queries
 * and auth clients under test are the real ones.
 */
export function fakeServer(state: FakeAuthState = {}) {
  const requests: RecordedRequest[] = [];
  const signedIn = (user: PublicUser | null = null, portal: 'candidate' | 'admin') => ({
    success: true,
    user: user && (portal === 'candidate' || isStaffRole(user.role)) ? user : null,
  });

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : null;
    const url = new URL(request?.url ?? String(input), 'http://localhost:3000');
    const method = (init?.method ?? request?.method ?? 'GET').toUpperCase();
    const raw = init?.body ?? (request ? await request.text() : undefined);
    const body: unknown = typeof raw === 'string' && raw ? JSON.parse(raw) : undefined;
    const recorded = { method, path: url.pathname, url: url.pathname + url.search, body };
    requests.push(recorded);
    const key = `${method} ${url.pathname}`;

    switch (key) {
      case 'GET /api/auth/session-profile':
        return json(signedIn(state.candidate, 'candidate'));
      case 'GET /api/admin-auth/session-profile':
        return json(signedIn(state.admin, 'admin'));
      case 'GET /api/auth/me':
        return state.candidate
          ? json({ success: true, user: state.candidate })
          : json({ statusCode: 401, error: 'Unauthorized', message: 'Sign in first' }, 401);
      case 'GET /api/admin-auth/me':
        return state.admin
          ? json({ success: true, user: state.admin })
          : json({ statusCode: 401, error: 'Unauthorized', message: 'Sign in first' }, 401);
      case 'GET /api/auth/providers':
        return json({
          emailPassword: true,
          google: false,
          github: false,
          oidc: null,
          ...state.providers,
        });
    }
    const handler = state.routes?.[key];
    if (handler) {
      const answer = await handler(body);
      return json(answer.body, answer.status ?? 200);
    }
    if (state.fallback) {
      const answer = await state.fallback(recorded);
      return json(answer.body, answer.status ?? 200);
    }
    return json({ statusCode: 404, error: 'Not Found', message: 'Not found' }, 404);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}

/** Signed out, with one endpoint ("METHOD /api/path") answering `status` and `body`. */
export function serveOne(route: string, status: number, body: unknown) {
  return fakeServer({ routes: { [route]: () => ({ status, body }) } });
}

/** Signed out until `route` answers `body`; signed in as `user` on that `portal` from then on. */
export function serveSignIn(
  route: string,
  portal: 'candidate' | 'admin',
  user: PublicUser,
  body: unknown,
) {
  const state: FakeAuthState = {
    routes: {
      [route]: () => {
        state[portal] = user;
        return { body };
      },
    },
  };
  return fakeServer(state);
}

/** The server's refusal of one sign-in too many: wait about four minutes. */
export function throttled(retryAfterSeconds: number) {
  return {
    message: 'Too many failed sign-ins for this account. Please wait 4 minutes and try again.',
    code: 'RATE_LIMITED',
    retryAfterSeconds,
  };
}

/**
 * The live channel's WebSocket, with the server's side scripted by the test: it opens, sends
 * frames, drops or closes the connection when told to, and records what the page sent.
 */
export class FakeSocket {
  static OPEN = 1;
  static instances: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  /** Binary frames the page sent (server speech: utterances). */
  sentBinary: Uint8Array[] = [];
  binaryType = 'blob';
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string | ArrayBuffer }) => void) | null = null;
  onclose: ((e: { code: number; reason: string }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  /** The frames the page sent, parsed. */
  get frames(): Record<string, unknown>[] {
    return this.sent.map((s) => JSON.parse(s) as Record<string, unknown>);
  }
  send(data: string | Uint8Array) {
    if (typeof data === 'string') this.sent.push(data);
    else this.sentBinary.push(data);
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  /** A frame from the server. */
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  /** A binary frame from the server (server speech: audio). */
  receiveBinary(bytes: Uint8Array) {
    this.onmessage?.({ data: bytes.slice().buffer });
  }
  /** The connection ends with `code` (1006: the network dropped it). */
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code, reason: '' });
  }
  /** The server closes the socket with this code and reason. */
  closedByServer(code: number, reason: string) {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }
  close() {
    this.closed = true;
    this.drop(1000);
  }
}

/** The live side of the fake server: every WebSocket the page opens is a FakeSocket. */
export function fakeLiveServer() {
  FakeSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeSocket);
  return {
    get sockets() {
      return FakeSocket.instances;
    },
    /** The socket opened last. */
    latest: () => {
      const socket = FakeSocket.instances.at(-1);
      if (!socket) throw new Error('no live socket was opened');
      return socket;
    },
  };
}

/** One line of the conversation, said at the attempt's start (`seq` its place in it). */
export function message(
  id: string,
  speaker: 'AI' | 'User',
  text: string,
  seq = 1,
  meta?: ConversationMessage['meta'],
): ConversationMessage {
  return {
    id,
    seq,
    speaker,
    message: text,
    timestamp: '2026-03-01T10:00:00.000Z',
    ...(meta ? { meta } : {}),
  };
}

/** An attempt as the live channel's `state` frame carries it (in progress, 30 minutes, fixed). */
export function attemptDetail(over: Partial<InterviewDetail> = {}): InterviewDetail {
  return {
    id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
    roomId: 'room-1',
    status: 'in_progress',
    cancelReason: null,
    title: 'JavaScript Fundamentals',
    categoryName: 'Frontend',
    difficulty: 'mid',
    type: 'fixed',
    flow: 'fixed',
    duration: 30,
    topics: [],
    questionCount: 3,
    interviewSetId: null,
    interviewSet: { title: 'JavaScript Fundamentals', category: { name: 'Frontend' } },
    scheduledAt: '2026-03-01T10:00:00.000Z',
    startedAt: '2026-03-01T10:00:00.000Z',
    completedAt: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    elapsedMs: 0,
    engineCompleted: false,
    keepRecordings: true,
    interviewerStyle: 'friendly',
    followUpDepth: 1,
    tailored: null,
    completionReason: null,
    conversation: [],
    report: null,
    checkUntil: null,
    ...over,
  };
}

/** The server's answer to `start`: the attempt and the conversation so far. */
export function stateFrame(
  messages: ConversationMessage[],
  over: Partial<InterviewDetail> = {},
): Extract<ServerFrame, { type: 'state' }> {
  return {
    type: 'state',
    interview: attemptDetail({ conversation: messages, ...over }),
    messages,
  };
}
