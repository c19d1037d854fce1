import { filterCandidateSpeech } from '@candor/shared';
import { discardHeld, pendingOf, releaseHeld, takeAnswer } from '../answer-draft';
import { setDraft, stopRecognition } from './hearing';
import { cutOff, markInterviewerEnd } from './interviewer';
import { listen, listenNow } from './listening';
import { closeAnswer, keep, show, type Turn, type TypedResult } from './state';

/** Sending the answer: after the end of the turn, typed, held-back words, the time-up flush, End. */

/**
 * Sends what the candidate has said so far; whether it sent. `mayGoOn`: sent because the
 * candidate fell silent (the end-of-turn rules), so words said before the interviewer is heard
 * go on from it (decision 037): the recogniser keeps listening. Otherwise (the interviewer's
 * limit, time-up, End, held-back words) it stops while the interviewer answers.
 */
export function sendAnswer(t: Turn, mayGoOn = false): boolean {
  if (!t.s.view.pending && !t.s.view.interim.trim()) return false;
  const continues = t.s.continues && t.s.joinable;
  // Words still being recognised are part of the answer too: the recogniser is stopped so they
  // are not heard twice (once here, once final). With none, one that may go on keeps running.
  if (!mayGoOn || t.s.view.interim.trim()) stopRecognition(t);
  const { answer, draft } = takeAnswer(t.s.draft);
  setDraft(t, draft);
  if (!answer) {
    // Only unfinished words were left, and they were noise or echo: listen on.
    listenNow(t);
    return false;
  }
  show(t, { phase: 'waiting', recording: false });
  t.fx.push({
    type: 'answer',
    text: answer.text,
    meta: answer.meta,
    // What goes on from an answer has no recording of its own (the answer's was taken with it).
    ...(continues ? { audio: 'discard', continues: true } : { audio: 'take' }),
  });
  keep(t, {
    joinable: mayGoOn,
    continues: false,
    sentText: !mayGoOn ? '' : continues ? `${t.s.sentText} ${answer.text}` : answer.text,
  });
  if (mayGoOn) listenNow(t);
  return true;
}

/**
 * A typed answer: the same filter as speech (with no timing, only the noise rule applies), sent
 * at once after any spoken words still pending, so those are not lost.
 */
export function sendTyped(t: Turn, text: string): TypedResult {
  const typed = text.trim();
  if (t.s.view.phase === 'waiting' || t.s.view.phase === 'speaking') return 'busy';
  if (!filterCandidateSpeech(typed).accept) return 'empty';
  stopRecognition(t);
  const spoken = pendingOf(t.s.draft);
  setDraft(t, []);
  // A typed answer is an answer of its own, and nothing said after it goes on from it.
  closeAnswer(t);
  show(t, { phase: 'waiting', thinking: false });
  t.fx.push({
    type: 'answer',
    text: spoken ? `${spoken} ${typed}` : typed,
    meta: { mode: 'typed' },
    // Words spoken before the typing are in the recording; a typed answer alone has none.
    audio: spoken ? 'take' : 'discard',
  });
  return 'sent';
}

/** "Send anyway": the held-back words join the answer where they were said, and it is sent. */
export function sendHeldBack(t: Turn) {
  if (!t.s.view.heldBack) return;
  setDraft(t, releaseHeld(t.s.draft));
  sendAnswer(t);
}

/** "Discard": the held-back words are dropped; the rest of the answer carries on. */
export function discardHeldBack(t: Turn) {
  setDraft(t, discardHeld(t.s.draft));
}

/**
 * Sends what the candidate has said so far, now (the last moment of the time-up grace period).
 * Cuts the interviewer off only when there are words to send. Whether it sent.
 */
export function flush(t: Turn): boolean {
  if (t.s.view.phase === 'waiting') return false;
  if (t.s.view.phase === 'speaking' && t.s.view.pending) {
    cutOff(t);
    markInterviewerEnd(t);
    show(t, { phase: 'idle' });
    if (t.s.listen) listen(t, 'answer');
  }
  if (t.s.view.phase === 'speaking') return false;
  return sendAnswer(t);
}

/**
 * End Interview: the interviewer stops at once (what was heard of it is reported), every word
 * said so far is sent, and the microphone goes off. Whether an answer was sent.
 */
export function endTurns(t: Turn): boolean {
  if (t.s.view.phase === 'speaking') {
    cutOff(t);
    markInterviewerEnd(t);
    show(t, { phase: 'idle' });
  }
  const sent = t.s.view.phase !== 'waiting' && sendAnswer(t);
  micOff(t);
  return sent;
}

export function micOff(t: Turn) {
  show(t, { micEnabled: false });
  stopRecognition(t);
  // Microphone off means nothing is recorded either.
  t.fx.push({ type: 'pause-recording' }, { type: 'release-mic' });
}
