import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';

/**
 * Limits on slow and idle clients (issue 12: a POST announcing 100 kB and sending a byte every
 * few seconds was kept open for minutes; thousands of them exhausted the file descriptors).
 * Fastify sets no request timeout by default. Node checks the request and header timeouts every
 * `connectionsCheckingInterval`, so that is kept short. Upgraded live sockets leave these checks
 * (ws clears the socket timeout on upgrade).
 */
export function connectionLimits(config: Config) {
  const requestTimeout = config.REQUEST_TIMEOUT_MS;
  return {
    requestTimeout,
    keepAliveTimeout: config.KEEP_ALIVE_TIMEOUT_MS,
    // A connection on which nothing moves either way (a client that stopped reading its answer).
    connectionTimeout: 2 * requestTimeout,
    http: {
      requestTimeout,
      headersTimeout: Math.min(requestTimeout, 20_000),
      connectionsCheckingInterval: Math.min(1_000, requestTimeout / 2),
    },
  };
}

/** At most MAX_CONNECTIONS at once; past it new connections are refused, and the log says so. */
export function capConnections(app: FastifyInstance, config: Config) {
  app.server.maxConnections = config.MAX_CONNECTIONS;
  let dropped = 0;
  app.server.on('drop', () => {
    // Said once per burst, not once per refused connection.
    if (dropped++ === 0) {
      app.log.warn(
        { maxConnections: config.MAX_CONNECTIONS },
        'connection limit reached: refusing new connections (MAX_CONNECTIONS)',
      );
      setTimeout(() => (dropped = 0), 60_000).unref();
    }
  });
}
