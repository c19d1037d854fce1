import type { SpeechOutcome } from '../types';
import { heardOf, voiceStep, type VoiceInput, type VoiceState } from '../speech-output';
import { listen, listenModeNow, listenNow, stopListening } from './listening';
import { closeAnswer, keep, show, type Turn } from './state';

/**
 * The interviewer's side of the turn: a streamed reply → sentence-by-sentence speech
 * (speech-output.ts) → the microphone is the candidate's again the moment the voice ends. Speech
 * from the candidate while the interviewer is audible cuts it off (barge-in), as do Skip, End and
 * the time-up flush; what the candidate heard of it is reported.
 */

/** Something of the reply on the voice has been heard (or said, in a browser without voices). */
const heardAny = (v: VoiceState) => v.audible || v.spoken.length > 0;

/** Runs the speech stage, then what its notices mean for the turn. */
export function voice(t: Turn, input: VoiceInput, report = false) {
  const step = voiceStep(t.s.voice, input);
  const firstHeard = !heardAny(t.s.voice) && heardAny(step.voice);
  keep(t, { voice: step.voice });
  // The first word of the reply was heard: what the candidate says now is the next answer, not
  // more of the last one. A voice nobody hears (no voices, headless browsers) said a sentence:
  // the recogniser, listening on for words that went on from the answer, stops as it would have
  // (a barge-in needs something to interrupt) until the reply ends.
  if (firstHeard) {
    const listeningOn = t.s.joinable;
    closeAnswer(t);
    // (A candidate still in the middle of an answer keeps theirs: time ran out as they spoke.)
    if (listeningOn && t.s.listen && !listenModeNow(t.s)) stopListening(t);
  }
  for (const effect of step.effects)
    t.fx.push(
      report && effect.type === 'silence'
        ? { type: 'voice', effect, report }
        : { type: 'voice', effect },
    );
  for (const notice of step.notices) {
    if (notice.type === 'audible') onAudible(t);
    else onFinished(t, notice.how);
  }
}

/**
 * The server started streaming a reply. A candidate still talking (time ran out mid-answer)
 * keeps the recogniser: it listens on for barge-in, and their words so far stay in the answer.
 */
export function replyStarted(t: Turn, reply: number) {
  keep(t, { replyOnVoice: reply, reply: { ...t.s.reply, text: '' } });
  voice(t, { type: 'begin' });
  if (t.s.continues && t.s.joinable) {
    // The candidate is going on with the answer this replies to: the reply is stopped before a
    // word of it is heard (the server is told: nothing heard), and the floor stays theirs. The
    // interviewer replies to the whole answer once it is sent (decision 037).
    cutOff(t);
    return;
  }
  interviewerStarts(t);
}

export function replyDelta(t: Turn, text: string) {
  keep(t, { reply: { ...t.s.reply, text: t.s.reply.text + text } });
  voice(t, { type: 'delta', text });
}

/** The stored reply (authoritative). */
export function replyEnded(t: Turn, text: string) {
  keep(t, { reply: { ...t.s.reply, text } });
  voice(t, { type: 'end', text });
  // A stored reply without a stream starts speaking now; one cut off or failed does not.
  if (t.s.voice.active && t.s.view.phase !== 'speaking') interviewerStarts(t);
}

function interviewerStarts(t: Turn) {
  keep(t, { reply: { ...t.s.reply, from: t.now, until: null } });
  show(t, { phase: 'speaking' });
  if (t.s.listen) listen(t, 'barge-in');
}

/**
 * The voice stops now and the rest of the reply is dropped; the candidate's side hears what was
 * heard of it. The reply cut off is noted, so what is queued for it is dropped too.
 */
export function cutOff(t: Turn) {
  if (t.s.voice.active) t.cutOff = t.s.replyOnVoice;
  voice(t, { type: 'interrupt' }, true);
}

/**
 * The candidate talked over the interviewer: the voice stops and the answer is listened for.
 * Before a word of the reply was heard, what they say goes on from their last answer.
 */
export function bargeIn(t: Turn) {
  if (t.s.joinable && !heardAny(t.s.voice)) keep(t, { continues: true });
  cutOff(t);
  markInterviewerEnd(t);
  show(t, { phase: 'idle' });
  listen(t, 'answer');
}

/** The candidate stopped the interviewer by hand (Skip): the mic is theirs at once. */
export function stopInterviewer(t: Turn) {
  if (t.s.view.phase !== 'speaking') return;
  cutOff(t);
  afterInterviewer(t);
}

export function markInterviewerEnd(t: Turn) {
  keep(t, { lastInterviewerEndAt: t.now, reply: { ...t.s.reply, until: t.now } });
}

function onAudible(t: Turn) {
  // Listen over the voice only once it really plays: a barge-in needs something to interrupt.
  if (t.s.view.micEnabled && t.s.view.phase === 'speaking') listenNow(t);
}

function onFinished(t: Turn, how: SpeechOutcome) {
  // The browser cut the voice off (not the candidate): record what was heard, then carry on.
  if (how === 'interrupted')
    t.fx.push({ type: 'interrupted', heard: heardOf(t.s.voice.spoken, null, 0) });
  afterInterviewer(t);
}

/**
 * The interviewer's voice ended (spoken, failed or cut off): the recogniser, already running for
 * barge-in, switches to the answer, or starts now. Its echo is held back by the filter instead
 * of a delay that lost the candidate's first words.
 */
function afterInterviewer(t: Turn) {
  markInterviewerEnd(t);
  show(t, { phase: 'idle' });
  listenNow(t);
}
