import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VOICE } from '@candor/shared';
import { LiveClient, type ConnectionStatus } from './live-client';

/** A stand-in for the browser's WebSocket: the test opens and closes each one by hand. */
class FakeSocket {
  static OPEN = 1;
  static all: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: ((e: { code: number }) => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
  }
  open() {
    this.readyState = FakeSocket.OPEN;
    this.onopen?.();
  }
  send(data: string) {
    this.sent.push(data);
  }
  /** The server ends the connection with `code`. */
  drop(code: number) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  close() {
    this.drop(1000);
  }
}

describe('the live channel reconnecting', () => {
  let statuses: ConnectionStatus[];
  let client: LiveClient;
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.all = [];
    vi.stubGlobal('WebSocket', FakeSocket);
    statuses = [];
    client = new LiveClient(
      'attempt-1',
      () => undefined,
      (s) => statuses.push(s),
    );
    client.connect();
    FakeSocket.all[0]!.open();
  });
  afterEach(() => {
    client.close();
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('reconnects at once when the server goes away (1001), and says start again', () => {
    FakeSocket.all[0]!.drop(1001);
    vi.advanceTimersByTime(0);
    expect(FakeSocket.all).toHaveLength(2);
    FakeSocket.all[1]!.open();
    expect(FakeSocket.all[1]!.sent).toEqual([JSON.stringify({ type: 'start' })]);
    expect(statuses.at(-1)).toBe('connected');
  });

  it('backs off after other drops, and after a 1001 whose reconnect failed too', () => {
    FakeSocket.all[0]!.drop(1006);
    vi.advanceTimersByTime(VOICE.reconnectDelaysMs[0]! - 1);
    expect(FakeSocket.all).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.all).toHaveLength(2);

    // Going away while the first retry had not connected yet: no tight loop.
    FakeSocket.all[1]!.drop(1001);
    vi.advanceTimersByTime(0);
    expect(FakeSocket.all).toHaveLength(2);
    vi.advanceTimersByTime(VOICE.reconnectDelaysMs[1]!);
    expect(FakeSocket.all).toHaveLength(3);
  });
});
