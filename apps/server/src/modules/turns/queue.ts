/**
 * Turns of one attempt run one after another in this process (two sockets, quick answers), so
 * a turn here never waits on a claim this process holds; across processes the claim decides.
 * One queue per app instance: two instances in one test process behave as two processes.
 */
export function createTurnQueue() {
  const queues = new Map<string, Promise<unknown>>();
  return {
    run<T>(key: string, fn: () => Promise<T>): Promise<T> {
      const run = (queues.get(key) ?? Promise.resolve()).catch(() => undefined).then(fn);
      const tail = run.catch(() => undefined);
      queues.set(key, tail);
      void tail.then(() => {
        if (queues.get(key) === tail) queues.delete(key);
      });
      return run;
    },
  };
}
export type TurnQueue = ReturnType<typeof createTurnQueue>;
