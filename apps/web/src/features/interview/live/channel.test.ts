import { LIVE_CLOSE, LIVE_PROTOCOL_VERSION, VOICE } from '@candor/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { acknowledgeAccountDisabled, isAccountDisabled } from '@/lib/account-status';
import { FakeSocket, fakeLiveServer } from '@/test/fake-server';
import { LiveChannel, type ConnectionStatus, type StopReason } from './channel';
import { openLiveSocketEarly } from './early-socket';

beforeEach(() => {
  vi.useFakeTimers();
  fakeLiveServer();
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  acknowledgeAccountDisabled();
});

/** A channel to attempt a1, connected and open; the frames it passes on to the screen. */
function connected() {
  const frames: unknown[] = [];
  new LiveChannel('a1', { onFrame: (f) => frames.push(f), onStatus: () => undefined }).connect();
  const socket = FakeSocket.instances[0]!;
  socket.open();
  return { frames, socket };
}

describe('the live channel of a deactivated account', () => {
  it('stops (no reconnecting), keeps the frame from the screen and reports it app-wide', () => {
    const { frames, socket } = connected();
    expect(JSON.parse(socket.sent[0]!)).toEqual({ type: 'start', protocol: LIVE_PROTOCOL_VERSION });

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
    const { frames, socket } = connected();
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
  let client: LiveChannel;
  beforeEach(() => {
    vi.useFakeTimers();
    fakeLiveServer();
    statuses = [];
    client = new LiveChannel('attempt-1', {
      onFrame: () => undefined,
      onStatus: (s) => statuses.push(s),
    });
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
    expect(JSON.parse(FakeSocket.instances[1]!.sent[0]!)).toEqual({
      type: 'start',
      protocol: LIVE_PROTOCOL_VERSION,
    });
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
    const client = new LiveChannel('a1', {
      onFrame: () => undefined,
      onStatus: () => undefined,
      onStopped: (reason) => stopped.push(reason),
    });
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
    expect(JSON.parse(again.sent[0]!)).toEqual({ type: 'start', protocol: LIVE_PROTOCOL_VERSION });
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

describe('the socket Start opened early (issue 32)', () => {
  const channel = (frames: unknown[] = []) =>
    new LiveChannel('a1', { onFrame: (f) => frames.push(f), onStatus: () => undefined });

  it('is the one the channel takes: still opening, it says start once open', () => {
    openLiveSocketEarly('a1');
    expect(FakeSocket.instances).toHaveLength(1);
    channel().connect();
    expect(FakeSocket.instances).toHaveLength(1);
    const socket = FakeSocket.instances[0]!;
    expect(socket.sent).toEqual([]);
    socket.open();
    expect(socket.frames).toEqual([{ type: 'start', protocol: LIVE_PROTOCOL_VERSION }]);
  });

  it('already open, it says start as soon as it is taken, and frames reach the screen', () => {
    openLiveSocketEarly('a1');
    const socket = FakeSocket.instances[0]!;
    socket.open();
    expect(socket.sent).toEqual([]);
    const frames: unknown[] = [];
    channel(frames).connect();
    expect(socket.frames).toEqual([{ type: 'start', protocol: LIVE_PROTOCOL_VERSION }]);
    socket.receive({ type: 'error', code: 'internal', message: 'Could you please repeat?' });
    expect(frames).toHaveLength(1);
    // A drop reconnects with a socket of its own.
    socket.drop(1006);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances.length).toBeGreaterThan(1);
  });

  it('is not taken for another attempt, nor once closed, and is closed when nobody takes it', () => {
    openLiveSocketEarly('a2');
    channel().connect();
    expect(FakeSocket.instances).toHaveLength(2);
    expect(FakeSocket.instances[1]!.url).toContain('a1');

    const untaken = FakeSocket.instances[0]!;
    vi.advanceTimersByTime(15_000);
    expect(untaken.closed).toBe(true);

    openLiveSocketEarly('a3');
    FakeSocket.instances.at(-1)!.drop(1006);
    new LiveChannel('a3', { onFrame: () => undefined, onStatus: () => undefined }).connect();
    expect(FakeSocket.instances.at(-1)!.readyState).toBe(0);
    expect(FakeSocket.instances).toHaveLength(4);
  });
});
