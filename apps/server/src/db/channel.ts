import pg from 'pg';

/**
 * Messages between server processes sharing one PostgreSQL database (LISTEN/NOTIFY), over one
 * dedicated connection outside the request pool: a flood of requests can never starve the pool
 * with notifications, nor a busy pool delay one (issue 12).
 */
export interface Channel {
  /**
   * Calls `onMessage` with every payload sent on `name` (by any process, this one included).
   * `onGap` runs after the connection was lost and re-opened: messages may have been missed.
   * Resolves once listening; on failure it rejects and keeps retrying in the background.
   */
  listen(name: string, onMessage: (payload: string) => void, onGap: () => void): Promise<void>;
  /** Sends on the dedicated connection; rejects at once while it is not connected. */
  notify(name: string, payload: string): Promise<void>;
  close(): Promise<void>;
}

export interface ChannelOptions {
  url: string;
  /** Shown in pg_stat_activity, so an operator can tell the connection apart. */
  applicationName: string;
  connectTimeoutMs: number;
  onError?: (err: Error) => void;
  /**
   * A query on the connection this often proves it alive: a connection that died without a word
   * (a half-open TCP connection) is noticed and re-opened, and the gap reported.
   */
  heartbeatMs?: number;
}

interface Subscription {
  onMessage: (payload: string) => void;
  onGap: () => void;
}

const quoted = (name: string) => `"${name.replaceAll('"', '')}"`;

export function createPgChannel(options: ChannelOptions): Channel {
  const heartbeatMs = options.heartbeatMs ?? 5_000;
  const subscriptions = new Map<string, Subscription[]>();
  let client: pg.Client | null = null;
  /** The client once connected and listening on every subscribed name. */
  let ready: pg.Client | null = null;
  let connecting: Promise<void> | null = null;
  let retryTimer: NodeJS.Timeout | undefined;
  let heartbeat: NodeJS.Timeout | undefined;
  let retryDelay = 500;
  /** A connection failed or was lost since the last one opened: messages may have been missed. */
  let missed = false;
  let closed = false;

  function lost(which: pg.Client, err?: Error) {
    if (err) options.onError?.(err);
    if (client !== which) return;
    missed = true;
    client = null;
    ready = null;
    clearInterval(heartbeat);
    void which.end().catch(() => undefined);
    scheduleReconnect();
  }

  function scheduleReconnect() {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      void connect().catch(() => undefined);
    }, retryDelay);
    retryTimer.unref();
    retryDelay = Math.min(retryDelay * 2, 10_000);
  }

  function connect(): Promise<void> {
    if (connecting) return connecting;
    connecting = (async () => {
      const c = new pg.Client({
        connectionString: options.url,
        application_name: options.applicationName,
        connectionTimeoutMillis: options.connectTimeoutMs,
        query_timeout: Math.max(heartbeatMs, 5_000),
        keepAlive: true,
      });
      client = c;
      c.on('notification', (msg) => {
        if (msg.payload === undefined) return;
        for (const s of subscriptions.get(msg.channel) ?? []) s.onMessage(msg.payload);
      });
      c.on('error', (err) => lost(c, err));
      c.on('end', () => lost(c));
      try {
        await c.connect();
        for (const name of subscriptions.keys()) await c.query(`listen ${quoted(name)}`);
      } catch (err) {
        lost(c, err as Error);
        throw err;
      }
      if (client !== c) throw new Error('the channel connection was lost while opening');
      ready = c;
      retryDelay = 500;
      clearInterval(heartbeat);
      heartbeat = setInterval(() => {
        c.query('select 1').catch((err: Error) => lost(c, err));
      }, heartbeatMs);
      heartbeat.unref();
      const reconnected = missed;
      missed = false;
      if (reconnected) for (const list of subscriptions.values()) for (const s of list) s.onGap();
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  }

  return {
    async listen(name, onMessage, onGap) {
      const list = subscriptions.get(name) ?? [];
      const known = list.length > 0;
      list.push({ onMessage, onGap });
      subscriptions.set(name, list);
      if (ready && !known) await ready.query(`listen ${quoted(name)}`);
      else if (!ready) await connect();
    },
    async notify(name, payload) {
      if (!ready) {
        scheduleReconnect();
        throw new Error('the channel connection is not open');
      }
      await ready.query('select pg_notify($1, $2)', [name, payload]);
    },
    async close() {
      closed = true;
      clearTimeout(retryTimer);
      clearInterval(heartbeat);
      const c = client;
      client = null;
      ready = null;
      await c?.end().catch(() => undefined);
    },
  };
}
