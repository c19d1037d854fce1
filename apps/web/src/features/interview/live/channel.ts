import {
  LIVE_PROTOCOL_VERSION,
  VOICE,
  audioHeaderSchema,
  decodeBinaryFrame,
  encodeBinaryFrame,
  liveCloseKind,
  serverFrameSchema,
  type AudioHeader,
  type ClientFrame,
  type ServerFrame,
  type UtteranceHeader,
} from '@candor/shared';
import { reportAccountDisabled } from '@/lib/account-status';
import { realClock, type ClockLike } from '../voice/types';
import { liveSocketUrl, takeEarlyLiveSocket } from './early-socket';

export type ConnectionStatus = 'idle' | 'connecting' | 'connected' | 'disconnected' | 'error';

/** Why the server stopped the channel for good (see LIVE_CLOSE in the shared protocol). */
export type StopReason = 'sessionEnded' | 'replaced';

export interface ChannelEvents {
  onFrame(frame: ServerFrame): void;
  onStatus(status: ConnectionStatus): void;
  /** The server closed the channel for good (no reconnecting). */
  onStopped?(reason: StopReason): void;
  /** The interviewer's server voice: pcm of one sentence (a binary frame). */
  onAudio?(header: AudioHeader, bytes: Uint8Array): void;
}

/**
 * The attempt's live channel: a WebSocket that reconnects with back-off and says `start` (with
 * the protocol version it speaks) each time, so the server sends the conversation so far and the
 * interview resumes. Frames from the server are checked against the protocol's schema; anything
 * else is dropped. It does not reconnect when the server closed it because the session ended or a
 * newer tab took its place: `onStopped` says which (`connect()` starts it again). Its timers run
 * on the injected clock.
 */
export class LiveChannel {
  private ws: WebSocket | null = null;
  private attempt = 0;
  private closed = false;
  private retryTimer: unknown = null;
  private keepalive: unknown = null;
  private everConnected = false;

  constructor(
    private readonly interviewId: string,
    private readonly events: ChannelEvents,
    private readonly clock: ClockLike = realClock,
    /** The page plays the server's voice: `start` asks for it. */
    private readonly audio = false,
  ) {}

  get connected(): boolean {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  connect() {
    this.closed = false;
    // Retries after a drop stay 'disconnected'; many failed tries in a row are an 'error'.
    this.events.onStatus(
      !this.everConnected
        ? 'connecting'
        : this.attempt >= VOICE.reconnectDelaysMs.length
          ? 'error'
          : 'disconnected',
    );
    // The first connection takes the socket Start opened as soon as the attempt existed.
    const early =
      this.everConnected || this.attempt > 0 ? null : takeEarlyLiveSocket(this.interviewId);
    const ws = early ?? new WebSocket(liveSocketUrl(this.interviewId));
    ws.binaryType = 'arraybuffer';
    this.ws = ws;
    const onOpen = () => {
      this.attempt = 0;
      this.everConnected = true;
      this.events.onStatus('connected');
      this.send({
        type: 'start',
        protocol: LIVE_PROTOCOL_VERSION,
        ...(this.audio ? { audio: true } : {}),
      });
      this.clock.clearInterval(this.keepalive);
      this.keepalive = this.clock.setInterval(
        () => this.send({ type: 'ping' }),
        VOICE.keepalivePingMs,
      );
    };
    ws.onopen = onOpen;
    ws.onmessage = (e) => {
      if (e.data instanceof ArrayBuffer) {
        const decoded = decodeBinaryFrame(new Uint8Array(e.data));
        const header = audioHeaderSchema.safeParse(decoded?.header);
        if (decoded && header.success) this.events.onAudio?.(header.data, decoded.payload);
        return;
      }
      let json: unknown;
      try {
        json = JSON.parse(String(e.data));
      } catch {
        return;
      }
      const frame = serverFrameSchema.safeParse(json);
      if (!frame.success) {
        console.warn('Unexpected frame from the server', frame.error.issues[0]);
        return;
      }
      // The account was deactivated: the server closes the channel; no reconnecting, the app
      // signs out and says why (lib/account-status.ts).
      if (frame.data.type === 'error' && frame.data.code === 'account_disabled') {
        this.close();
        reportAccountDisabled();
        return;
      }
      this.events.onFrame(frame.data);
    };
    ws.onclose = (e: CloseEvent) => {
      this.clock.clearInterval(this.keepalive);
      if (this.ws !== ws || this.closed) return;
      const kind = liveCloseKind(e.reason);
      if (kind === 'accountDisabled') {
        this.close();
        reportAccountDisabled();
        return;
      }
      if (kind === 'sessionEnded' || kind === 'replaced') {
        this.closed = true;
        this.events.onStopped?.(kind);
        return;
      }
      this.events.onStatus(
        this.attempt >= VOICE.reconnectDelaysMs.length ? 'error' : 'disconnected',
      );
      // 1001: the server is going away (a restart or a deploy). Its successor, or another
      // process, is ready at once: reconnect without waiting; later tries back off as usual.
      const delay =
        e.code === 1001 && this.attempt === 0
          ? 0
          : VOICE.reconnectDelaysMs[Math.min(this.attempt, VOICE.reconnectDelaysMs.length - 1)]!;
      this.attempt += 1;
      this.retryTimer = this.clock.setTimeout(() => this.connect(), delay);
    };
    // Taken already open: it will not say so again.
    if (ws.readyState === WebSocket.OPEN) onOpen();
  }

  send(frame: ClientFrame): boolean {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(frame));
    return true;
  }

  /** One utterance for the server to transcribe (a binary frame); false when not connected. */
  sendUtterance(header: UtteranceHeader, wav: Uint8Array): boolean {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(encodeBinaryFrame(header, wav));
    return true;
  }

  close() {
    this.closed = true;
    this.clock.clearTimeout(this.retryTimer);
    this.clock.clearInterval(this.keepalive);
    this.ws?.close();
  }
}
