import { LIVE_CLOSE, VOICE } from '@candor/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { acknowledgeAccountDisabled, isAccountDisabled } from '../account-status';
import { LiveClient, type ConnectionStatus, type StopReason } from './live-client';

/** A WebSocket stand-in the test drives: the server's frames and its closing. */
class FakeSocket {
  static OPEN = 1;
  static instances: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number; reason: string }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  /** The server closes the socket with this code and reason. */
  closedByServer(code: number, reason: string) {
    this.readyState = 3;
    this.onclose?.({ code, reason });
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  /** The server ends the connection with `code`. */
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code, reason: '' });
  }
  close() {
    this.closed = true;
    this.drop(1000);
  }
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  acknowledgeAccountDisabled();
});

describe('the live channel of a deactivated account', () => {
  it('stops (no reconnecting), keeps the frame from the screen and reports it app-wide', () => {
    const frames: unknown[] = [];
    const client = new LiveClient(
      'a1',
      (f) => frames.push(f),
      () => undefined,
    );
    client.connect();
    const socket = FakeSocket.instances[0]!;
    socket.open();
    expect(JSON.parse(socket.sent[0]!)).toEqual({ type: 'start' });

    socket.receive({
      type: 'error',
      code: 'account_disabled',
      message: 'This account has been disabled',
    });
    expect(isAccountDisabled()).toBe(true);
    expect(socket.closed).toBe(true);
    expect(frames).toEqual([]);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('other errors reach the screen and a drop still reconnects', () => {
    const frames: unknown[] = [];
    const client = new LiveClient(
      'a1',
      (f) => frames.push(f),
      () => undefined,
    );
    client.connect();
    const socket = FakeSocket.instances[0]!;
    socket.open();
    socket.receive({ type: 'error', code: 'internal', message: 'Could you please repeat?' });
    expect(frames).toHaveLength(1);
    expect(isAccountDisabled()).toBe(false);
    socket.drop(1006);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances.length).toBeGreaterThan(1);
  });
});

describe('the live channel reconnecting', () => {
  let statuses: ConnectionStatus[];
  let client: LiveClient;
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    statuses = [];
    client = new LiveClient(
      'attempt-1',
      () => undefined,
      (s) => statuses.push(s),
    );
    client.connect();
    FakeSocket.instances[0]!.open();
  });
  afterEach(() => {
    client.close();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('reconnects at once when the server goes away (1001), and says start again', () => {
    FakeSocket.instances[0]!.drop(1001);
    vi.advanceTimersByTime(0);
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.instances[1]!.open();
    expect(FakeSocket.instances[1]!.sent).toEqual([JSON.stringify({ type: 'start' })]);
    expect(statuses.at(-1)).toBe('connected');
  });

  it('backs off after other drops, and after a 1001 whose reconnect failed too', () => {
    FakeSocket.instances[0]!.drop(1006);
    vi.advanceTimersByTime(VOICE.reconnectDelaysMs[0]! - 1);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);

    // Going away while the first retry had not connected yet: no tight loop.
    FakeSocket.instances[1]!.drop(1001);
    vi.advanceTimersByTime(0);
    expect(FakeSocket.instances).toHaveLength(2);
    vi.advanceTimersByTime(VOICE.reconnectDelaysMs[1]!);
    expect(FakeSocket.instances).toHaveLength(3);
  });
});

describe('the live channel closed by the server (issue 12)', () => {
  function connected() {
    const stopped: StopReason[] = [];
    const client = new LiveClient(
      'a1',
      () => undefined,
      () => undefined,
      (reason) => stopped.push(reason),
    );
    client.connect();
    const socket = FakeSocket.instances.at(-1)!;
    socket.open();
    return { client, socket, stopped };
  }

  it.each([
    ['sessionEnded', LIVE_CLOSE.sessionEnded],
    ['replaced', LIVE_CLOSE.replaced],
  ] as const)('stops after %s (no reconnecting) and says so', (kind, close) => {
    const { client, socket, stopped } = connected();
    socket.closedByServer(close.code, close.reason);
    expect(stopped).toEqual([kind]);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
    // Started again on purpose (a new session in this browser): a new socket says start.
    client.connect();
    const again = FakeSocket.instances[1]!;
    again.open();
    expect(JSON.parse(again.sent[0]!)).toEqual({ type: 'start' });
  });

  it('a deactivated account is reported even when only the close frame arrived', () => {
    const { socket, stopped } = connected();
    socket.closedByServer(LIVE_CLOSE.accountDisabled.code, LIVE_CLOSE.accountDisabled.reason);
    expect(isAccountDisabled()).toBe(true);
    expect(stopped).toEqual([]);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('reconnects after the end of a lifetime', () => {
    const { socket, stopped } = connected();
    socket.closedByServer(LIVE_CLOSE.lifetime.code, LIVE_CLOSE.lifetime.reason);
    vi.advanceTimersByTime(1_000);
    expect(FakeSocket.instances).toHaveLength(2);
    expect(stopped).toEqual([]);
  });
});
