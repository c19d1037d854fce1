import { LIVE_PATH } from '@candor/shared';

/** The attempt's live channel address on this page's server. */
export function liveSocketUrl(interviewId: string): string {
  return `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${LIVE_PATH(interviewId)}`;
}

/** A socket opened early and not taken within this long is closed (the screen never came). */
const UNTAKEN_MS = 15_000;
const CONNECTING = 0;
const OPEN = 1;

const early = new Map<string, WebSocket>();

/**
 * Opens the attempt's live channel as soon as the attempt exists, while Start's remaining steps
 * and the live screen's first drawing go on: the socket's handshake (a round trip, ~150 ms on a
 * phone) no longer waits for them, and the interviewer's first words come that much sooner
 * (issue 32). The server says nothing on a socket until the page's `start`, which the channel
 * sends once it takes the socket (channel.ts), so nothing is missed meanwhile.
 */
export function openLiveSocketEarly(interviewId: string): void {
  if (typeof WebSocket === 'undefined' || early.has(interviewId)) return;
  const ws = new WebSocket(liveSocketUrl(interviewId));
  ws.binaryType = 'arraybuffer';
  early.set(interviewId, ws);
  setTimeout(() => {
    if (early.get(interviewId) !== ws) return;
    early.delete(interviewId);
    ws.close();
  }, UNTAKEN_MS);
}

/** The socket opened early for the attempt, still opening or open; null if there is none. */
export function takeEarlyLiveSocket(interviewId: string): WebSocket | null {
  const ws = early.get(interviewId) ?? null;
  early.delete(interviewId);
  return ws && (ws.readyState === CONNECTING || ws.readyState === OPEN) ? ws : null;
}

/**
 * Closes every socket opened early and not taken. Test files share one module (isolate: false):
 * a Start in one file must not hand its socket to a channel of the same attempt id in the next.
 */
export function closeEarlyLiveSockets(): void {
  for (const ws of early.values()) ws.close();
  early.clear();
}
