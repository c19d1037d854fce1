import type { ListenMode } from '../recogniser';
import { keep, show, type Turn, type TurnModel } from './state';

/**
 * The recogniser's mode as the turn-taking keeps it. The turn-taking asks for a mode (an effect)
 * and takes it as granted at once, as the recogniser does (it switches synchronously); what the
 * recogniser then reports while carrying it out is an echo. Reports of its own (it ended, failed,
 * restarted, or said it started) are news.
 */

/**
 * Answer when the floor is the candidate's, or while the interviewer's reply is awaited and what
 * the candidate says would still go on from their answer; barge-in while the interviewer is
 * audible.
 */
export function listenModeNow(s: TurnModel): ListenMode | null {
  if (s.stopped || !s.view.micEnabled) return null;
  if (s.view.phase === 'idle' || s.view.phase === 'listening') return 'answer';
  if (s.view.phase === 'waiting' && s.joinable) return 'answer';
  if (s.view.phase === 'speaking' && s.voice.audible) return 'barge-in';
  return null;
}

/**
 * The recogniser listens in `mode` (or stopped: null), `live` once it said it started: the screen
 * follows, and listening live for the answer starts (or resumes) its recording.
 */
function listening(t: Turn, mode: ListenMode | null, live: boolean) {
  keep(t, { listen: mode, live });
  const { phase } = t.s.view;
  // Awaiting the reply, the recogniser only listens for words that go on from the answer sent:
  // the screen still waits, and nothing is recorded (that answer's recording was taken with it).
  const waiting = phase === 'waiting';
  if (mode === 'answer' && live && !waiting) t.fx.push({ type: 'record' });
  show(t, {
    recording: mode === 'answer' && live && !waiting,
    bargeIn: mode === 'barge-in' && live,
    phase:
      mode === 'answer'
        ? waiting
          ? 'waiting'
          : 'listening'
        : phase === 'listening'
          ? 'idle'
          : phase,
  });
}

/** Listens in `mode` now: starts the recogniser, or switches the mode of the one running. */
export function listen(t: Turn, mode: ListenMode) {
  t.fx.push({ type: 'listen', mode });
  if (t.s.listen === mode) return;
  // A recogniser switching mode stays as live as it was; a new one has not said it started.
  listening(t, mode, t.s.listen !== null && t.s.live);
}

/** Listens in the mode the moment calls for, if any. */
export function listenNow(t: Turn) {
  const mode = listenModeNow(t.s);
  if (mode) listen(t, mode);
}

export function stopListening(t: Turn) {
  t.fx.push({ type: 'stop-listening' });
  if (t.s.listen !== null) listening(t, null, false);
}

/** The recogniser stopped for good (its failure is shown by the caller). */
export function stoppedListening(t: Turn) {
  if (t.s.listen !== null) listening(t, null, false);
}

/** The recogniser reports its mode. */
export function onMode(t: Turn, mode: ListenMode | null, live: boolean, echo: boolean) {
  if (echo) {
    // A mode passed through on the way to the one asked for last is old news; the one asked for
    // is known already, except whether it is live yet.
    if (mode !== t.s.listen || live === t.s.live) return;
  }
  listening(t, mode, live);
}
