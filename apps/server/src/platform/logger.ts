/** What services log through: Fastify's logger in the app, a stand-in in tests and benchmarks. */
export interface Logger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}
