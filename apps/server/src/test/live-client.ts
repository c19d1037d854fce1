import crypto from 'node:crypto';
import type { AddressInfo } from 'node:net';
import WebSocket from 'ws';
import {
  LIVE_PATH,
  LIVE_PROTOCOL_VERSION,
  audioHeaderSchema,
  decodeBinaryFrame,
  encodeBinaryFrame,
  type AudioHeader,
  type UtteranceHeader,
  type ClientFrame,
  type ServerFrame,
} from '@candor/shared';
import type { App } from '../app';
import { ORIGIN } from './users';

/**
 * The one live-protocol client of the server tests, the fault suite and the benchmarks
 * (docs/live-protocol.md): a real WebSocket to an app in this process or a server anywhere,
 * typed frames kept in arrival order, and waits that read them in order.
 */

/** Where the server is: an app of this process (listening) or a base URL (http://host:port). */
export type LiveTarget = App | string;

export type FrameOf<T extends ServerFrame['type']> = Extract<ServerFrame, { type: T }>;
type Match = ServerFrame['type'] | ((frame: ServerFrame) => boolean);

function baseUrl(target: LiveTarget): string {
  if (typeof target === 'string') return target;
  const { port } = target.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

function socketUrl(target: LiveTarget, interviewId: string): string {
  return `${baseUrl(target).replace(/^http/, 'ws')}${LIVE_PATH(interviewId)}`;
}

export interface LiveClientOptions {
  /** False makes a client that never answers the server's pings. */
  autoPong?: boolean;
  /** False keeps `reply.delta` frames out of `frames` (a benchmark's thousand candidates). */
  keepDeltas?: boolean;
  origin?: string;
}

export class LiveClient {
  /** Every frame received (deltas only with keepDeltas), oldest first. */
  readonly frames: ServerFrame[] = [];
  /** How the socket closed (code and reason), once it does. */
  readonly closed: Promise<{ code: number; reason: string }>;
  isClosed = false;
  /** Pings received from the server. */
  pings = 0;
  /** The interviewer's voice (binary frames), oldest first. */
  readonly audio: { header: AudioHeader; bytes: Uint8Array }[] = [];
  private cursor = 0;
  private wake: (() => void)[] = [];
  private listeners: ((frame: ServerFrame) => void)[] = [];
  private audioListeners: ((header: AudioHeader) => void)[] = [];

  private constructor(
    readonly ws: WebSocket,
    private readonly keepDeltas: boolean,
  ) {
    this.closed = new Promise((resolve) =>
      ws.once('close', (code, reason) => {
        this.isClosed = true;
        this.notify();
        resolve({ code, reason: reason.toString() });
      }),
    );
    ws.on('ping', () => (this.pings += 1));
    ws.on('error', () => undefined);
    ws.on('message', (data, isBinary) => {
      if (isBinary) {
        const decoded = decodeBinaryFrame(new Uint8Array(data as Buffer));
        const header = audioHeaderSchema.parse(decoded?.header);
        this.audio.push({ header, bytes: decoded!.payload });
        for (const listen of this.audioListeners) listen(header);
        return;
      }
      const frame = JSON.parse(data.toString()) as ServerFrame;
      for (const listen of this.listeners) listen(frame);
      if (frame.type !== 'reply.delta' || this.keepDeltas) this.frames.push(frame);
      this.notify();
    });
  }

  static async connect(
    target: LiveTarget,
    interviewId: string,
    cookie: string,
    options: LiveClientOptions = {},
  ): Promise<LiveClient> {
    const ws = new WebSocket(socketUrl(target, interviewId), {
      headers: { cookie, origin: options.origin ?? ORIGIN },
      autoPong: options.autoPong ?? true,
    });
    await new Promise<void>((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('unexpected-response', (_req, res) =>
        reject(new Error(`unexpected response ${res.statusCode}`)),
      );
      ws.once('error', reject);
    });
    return new LiveClient(ws, options.keepDeltas ?? true);
  }

  /** The HTTP status of a refused handshake. */
  static async refusal(
    target: LiveTarget,
    interviewId: string,
    cookie: string,
    origin = ORIGIN,
  ): Promise<number> {
    const ws = new WebSocket(socketUrl(target, interviewId), { headers: { cookie, origin } });
    return new Promise((resolve, reject) => {
      ws.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.once('open', () => reject(new Error('handshake was accepted')));
      ws.once('error', () => undefined);
    });
  }

  /** Hears every binary audio frame as it arrives (a benchmark's timings). */
  onAudio(listen: (header: AudioHeader) => void) {
    this.audioListeners.push(listen);
  }

  /** Hears every frame as it arrives, deltas included (a benchmark's timings). */
  onFrame(listen: (frame: ServerFrame) => void) {
    this.listeners.push(listen);
  }

  private notify() {
    const waiting = this.wake;
    this.wake = [];
    for (const wake of waiting) wake();
  }

  send(frame: ClientFrame | Record<string, unknown> | string) {
    if (this.isClosed) return;
    this.ws.send(typeof frame === 'string' ? frame : JSON.stringify(frame));
  }

  /** `start` in this build's protocol (or another version, to test the refusal). */
  start(protocol: number | null = LIVE_PROTOCOL_VERSION, extra: { audio?: boolean } = {}) {
    this.send(protocol === null ? { type: 'start' } : { type: 'start', protocol, ...extra });
  }

  /** Sends one utterance (a binary frame) for the server to transcribe; returns its id. */
  sendUtterance(audio: Uint8Array, header: Partial<UtteranceHeader> = {}): string {
    const id = header.id ?? crypto.randomUUID();
    const full = { type: 'utterance', id, mimeType: 'audio/wav', ...header } as UtteranceHeader;
    if (!this.isClosed) this.ws.send(encodeBinaryFrame(full, audio), { binary: true });
    return id;
  }

  /** Sends raw bytes as a binary frame (a hostile or broken client). */
  sendBinary(bytes: Uint8Array) {
    if (!this.isClosed) this.ws.send(bytes, { binary: true });
  }

  /**
   * The next frame (after those already taken) of this type or passing this test; null when the
   * socket closed first. The timeout is a safety net against a hang, not a measurement.
   */
  async nextOrClose<T extends ServerFrame['type']>(
    match: T,
    timeoutMs?: number,
  ): Promise<FrameOf<T> | null>;
  async nextOrClose(
    match: (f: ServerFrame) => boolean,
    timeoutMs?: number,
  ): Promise<ServerFrame | null>;
  async nextOrClose(match: Match, timeoutMs = 20_000): Promise<ServerFrame | null> {
    const test = typeof match === 'string' ? (f: ServerFrame) => f.type === match : match;
    const until = Date.now() + timeoutMs;
    for (;;) {
      for (let i = this.cursor; i < this.frames.length; i++) {
        if (test(this.frames[i]!)) {
          this.cursor = i + 1;
          return this.frames[i]!;
        }
      }
      if (this.isClosed) return null;
      const left = until - Date.now();
      if (left <= 0) {
        const rest = JSON.stringify(this.frames.slice(this.cursor)).slice(0, 2_000);
        throw new Error(`no ${typeof match === 'string' ? match : 'expected'} frame; got ${rest}`);
      }
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.wake.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The next frame of this type or passing this test; throws when the socket closed first. */
  async next<T extends ServerFrame['type']>(match: T, timeoutMs?: number): Promise<FrameOf<T>>;
  async next(match: (f: ServerFrame) => boolean, timeoutMs?: number): Promise<ServerFrame>;
  async next(match: Match, timeoutMs?: number): Promise<ServerFrame> {
    const frame = await this.nextOrClose(match as (f: ServerFrame) => boolean, timeoutMs);
    if (!frame) {
      const what = typeof match === 'string' ? match : 'expected';
      throw new Error(`the socket closed before the ${what} frame`);
    }
    return frame;
  }

  /** Sends an answer (typed unless `extra` says otherwise); returns its id. */
  sendAnswer(text: string, extra: Record<string, unknown> = {}): string {
    const id = (extra.id as string | undefined) ?? crypto.randomUUID();
    this.send({ type: 'answer', id, text, mode: 'typed', ...extra });
    return id;
  }

  /** Sends an answer and waits for its ack and the interviewer's stored reply. */
  async answer(text: string, extra: Record<string, unknown> = {}) {
    const id = this.sendAnswer(text, extra);
    const ack = await this.next((f) => f.type === 'ack' && f.id === id);
    const end = await this.next('reply.end');
    return { id, ack: ack as FrameOf<'ack'>, reply: end.message };
  }

  /** Cuts the interviewer's reply off, having heard `heard` of it. */
  interrupt(replyId: string, heard: string) {
    this.send({ type: 'interrupt', replyId, heard });
  }

  close() {
    this.ws.close();
  }
}
