import { LIVE_PATH, VOICE, type ClientFrame } from '@candor/shared';

export type ServerFrame = { type: string; [key: string]: unknown };
export type ConnectionStatus = 'idle' | 'connecting' | 'connected' | 'disconnected' | 'error';

/**
 * The attempt's live channel: a WebSocket that reconnects with back-off and says `start` each
 * time, so the server sends the conversation so far and the interview resumes.
 */
export class LiveClient {
  private ws: WebSocket | null = null;
  private attempt = 0;
  private closed = false;
  private retryTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly interviewId: string,
    private readonly onFrame: (frame: ServerFrame) => void,
    private readonly onStatus: (status: ConnectionStatus) => void,
  ) {}

  connect() {
    this.closed = false;
    this.onStatus('connecting');
    const url = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}${LIVE_PATH(this.interviewId)}`;
    const ws = new WebSocket(url);
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      this.onStatus('connected');
      this.send({ type: 'start' });
    };
    ws.onmessage = (e) => {
      try {
        this.onFrame(JSON.parse(String(e.data)) as ServerFrame);
      } catch {
        // not JSON: ignore
      }
    };
    ws.onclose = () => {
      if (this.ws !== ws || this.closed) return;
      this.onStatus('disconnected');
      const delay =
        VOICE.reconnectDelaysMs[Math.min(this.attempt, VOICE.reconnectDelaysMs.length - 1)]!;
      this.attempt += 1;
      this.retryTimer = setTimeout(() => this.connect(), delay);
    };
  }

  send(frame: ClientFrame): boolean {
    if (this.ws?.readyState !== WebSocket.OPEN) return false;
    this.ws.send(JSON.stringify(frame));
    return true;
  }

  close() {
    this.closed = true;
    clearTimeout(this.retryTimer);
    this.ws?.close();
  }
}
