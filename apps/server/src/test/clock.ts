/**
 * The interview clock a test moves (docs/testing.md: time rules are tested without sleeping):
 * real time plus what the test has advanced. Hand `now` to the app: `useTestApp(kind, {}, { now })`.
 */
export function testClock() {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms: number) {
      offsetMs += ms;
    },
  };
}
