import {
  VOICE,
  asksForTimeToThink,
  filterCandidateSpeech,
  isInterviewerEcho,
} from '@candor/shared';
import { heldBackOf, pendingOf, type AnswerDraft } from '../answer-draft';
import type { RecogniserEvent } from '../recogniser';
import { bargeIn } from './interviewer';
import { onMode, stopListening, stoppedListening } from './listening';
import { interviewerVoice, keep, show, type Turn } from './state';

/**
 * The candidate's side of the turn: recognition events → the candidate speech filter → the
 * answer draft. Words heard over the interviewer that are not its echo cut it off (barge-in); its
 * own voice coming back through the microphone is held back for the candidate to send or discard,
 * never dropped unseen.
 */

export function onRecognition(t: Turn, e: RecogniserEvent, echo: boolean) {
  switch (e.type) {
    case 'mode':
      onMode(t, e.mode, e.live, echo);
      return;
    case 'failed':
      stoppedListening(t);
      show(t, { micEnabled: false, error: e.message, failure: e.reason });
      return;
    case 'words':
      // Words heard again: a notice about an earlier utterance has served its purpose.
      if (t.s.view.error && e.finals.length > 0) show(t, { error: null, failure: null });
      onWords(t, e.finals, e.interim, e.saidUntil);
      return;
    case 'speech-start':
      keep(t, { lastSpeechAt: t.now, utteranceStartedAt: t.s.utteranceStartedAt ?? t.now });
      // Over the interviewer's voice (echo cancelled by the microphone): the candidate cuts in.
      if (t.s.listen === 'barge-in' && t.s.voice.active) bargeIn(t);
      else goesOn(t);
      return;
    case 'hearing': {
      // Speech beginning counts as no silence from now; once it has been transcribed, the silence
      // counts from when its words were said (their `saidUntil`), not from when they came.
      const begins = e.on && !t.s.hearing;
      keep(t, { hearing: e.on, ...(begins ? { lastSpeechAt: t.now } : {}) });
      if (begins) goesOn(t);
      return;
    }
    case 'notice':
      show(t, { error: e.message, failure: null });
      return;
  }
}

/** Words over the interviewer that cut it off: enough of them, and not its own voice. */
export function isBargeIn(heard: string, interviewerText: string): boolean {
  const words = heard.split(/\s+/).length;
  return words >= VOICE.bargeInMinWords && !isInterviewerEcho(heard, interviewerText);
}

/**
 * The candidate speaks while the reply to their answer is awaited, before a word of it was heard:
 * what they say goes on from that answer (decision 037), and the floor is theirs again.
 */
function goesOn(t: Turn) {
  if (t.s.view.phase !== 'waiting' || !t.s.joinable || t.s.listen !== 'answer') return;
  keep(t, { continues: true });
  show(t, { phase: 'listening', recording: t.s.live });
}

function onWords(
  t: Turn,
  finals: { text: string; confidence: number | null }[],
  interim: string,
  saidUntil = t.now,
) {
  if (finals.length > 0 || interim) goesOn(t);
  let overInterviewer = t.s.listen === 'barge-in';
  if (overInterviewer) {
    // Over the interviewer: their own voice coming back does not cut them off; the candidate does.
    const heard = [...finals.map((f) => f.text), interim].join(' ').trim();
    if (isBargeIn(heard, t.s.reply.text)) {
      bargeIn(t);
      overInterviewer = false;
    }
  }
  for (const f of finals) addFinal(t, f.text, f.confidence);
  // The next utterance starts with its first interim words.
  if (interim) keep(t, { utteranceStartedAt: t.s.utteranceStartedAt ?? t.now });
  // Never earlier than speech heard since (a later utterance may have begun meanwhile).
  keep(t, { lastSpeechAt: Math.max(t.s.lastSpeechAt, Math.min(saidUntil, t.now)) });
  // What is heard over the interviewer is shown once it is the candidate's turn.
  show(t, { interim: overInterviewer ? '' : interim });
}

/** A finished piece of speech: part of the answer, held back as echo, or noise. */
export function addFinal(t: Turn, text: string, confidence: number | null) {
  const startMs = t.s.utteranceStartedAt ?? t.now;
  keep(t, { utteranceStartedAt: null });
  const verdict = filterCandidateSpeech(text, {
    heardAt: startMs,
    interviewer: interviewerVoice(t.s),
  });
  if (!verdict.accept && verdict.reason === 'empty') return;
  const held = !verdict.accept;
  setDraft(t, [...t.s.draft, { text, startMs, endMs: t.now, confidence, held }]);
  if (held) return;
  if (asksForTimeToThink(text)) setThinking(t, true);
  else if (t.s.view.thinking) setThinking(t, false);
}

export function setDraft(t: Turn, draft: AnswerDraft) {
  keep(t, { draft });
  show(t, { pending: pendingOf(draft), heldBack: heldBackOf(draft) });
}

/** Pause silence auto-send until the candidate speaks again (capped). */
export function setThinking(t: Turn, on: boolean) {
  keep(t, { thinkingSince: on ? t.now : 0 });
  show(t, { thinking: on });
}

/**
 * Stops the recogniser. Words it was still recognising will never become final, so they join
 * the answer as they are: nothing the candidate said is lost to a stop.
 */
export function stopRecognition(t: Turn) {
  const interim = t.s.view.interim.trim();
  if (interim && t.s.listen === 'answer') addFinal(t, interim, null);
  keep(t, { utteranceStartedAt: null });
  stopListening(t);
  show(t, { interim: '' });
}
