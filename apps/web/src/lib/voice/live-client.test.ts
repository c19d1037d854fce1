import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { acknowledgeAccountDisabled, isAccountDisabled } from '../account-status';
import { LiveClient } from './live-client';

/** A WebSocket stand-in the test drives: the server's frames and its closing. */
class FakeSocket {
  static OPEN = 1;
  static instances: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  closed = false;
  onopen: (() => void) | null = null;
  onmessage: ((e: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.closed = true;
    this.readyState = 3;
    this.onclose?.();
  }
  open() {
    this.readyState = 1;
    this.onopen?.();
  }
  receive(frame: unknown) {
    this.onmessage?.({ data: JSON.stringify(frame) });
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
    socket.onclose?.();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances.length).toBeGreaterThan(1);
  });
});
