import {
  discardHeldBack,
  endTurns,
  flush,
  micOff,
  sendAnswer,
  sendHeldBack,
  sendTyped,
} from './answering';
import { endOfTurn, thinkingRunsOut } from './end-of-turn';
import { onRecognition, setThinking, stopRecognition } from './hearing';
import { replyDelta, replyEnded, replyStarted, stopInterviewer, voice } from './interviewer';
import { listenNow, stopListening } from './listening';
import { keep, show, type Turn, type TurnEvent, type TurnModel, type TurnStep } from './state';

/**
 * The turn-taking of a spoken interview as a pure function: `turnStep(state, event, now)` gives
 * the next state and the effects to carry out (listen, stop listening, record, speak a sentence,
 * stop the voice, send an answer, report what was heard of an interruption). Its stages are
 * small functions over the same step: recognition → filter → draft (hearing.ts), end-of-turn
 * detection (end-of-turn.ts), sending (answering.ts), the interviewer's reply → speech
 * (interviewer.ts, speech-output.ts). No clock, no browser: TurnController runs it, tests script it.
 */
export function turnStep(state: TurnModel, event: TurnEvent, now: number): TurnStep {
  const t: Turn = { s: state, fx: [], now };
  switch (event.type) {
    case 'mic-on':
      t.fx.push({ type: 'reset-errors' });
      show(t, { micEnabled: true, error: null, failure: null });
      listenNow(t);
      break;
    case 'mic-off':
      micOff(t);
      break;
    case 'typing':
      // Silence is counted from now: words said before typing are not sent as a half-finished
      // thought while the hands are busy.
      keep(t, { lastTypingAt: now });
      break;
    case 'thinking':
      setThinking(t, event.on);
      break;
    case 'typed':
      t.result = sendTyped(t, event.text);
      break;
    case 'send-held-back':
      sendHeldBack(t);
      break;
    case 'discard-held-back':
      discardHeldBack(t);
      break;
    case 'flush':
      t.result = flush(t);
      break;
    case 'end':
      t.result = endTurns(t);
      break;
    case 'stop-interviewer':
      stopInterviewer(t);
      break;
    case 'expect-reply':
      // The interviewer is about to speak (the introduction, or a reply still owed): do not listen.
      if (t.s.view.phase === 'speaking') break;
      keep(t, { joinable: false, continues: false });
      stopRecognition(t);
      show(t, { phase: 'waiting' });
      break;
    case 'resume':
      // Nothing to wait for any more (the reply is known, or none will come): the candidate speaks.
      if (t.s.view.phase !== 'waiting') break;
      show(t, { phase: 'idle' });
      listenNow(t);
      break;
    case 'reply-started':
      replyStarted(t, event.reply);
      break;
    case 'reply-delta':
      replyDelta(t, event.text);
      break;
    case 'reply-ended':
      replyEnded(t, event.text);
      break;
    case 'recognition':
      onRecognition(t, event.event, event.echo ?? false);
      break;
    case 'voice':
      voice(t, event.input);
      break;
    case 'tick': {
      if (thinkingRunsOut(t.s, now)) setThinking(t, false);
      const end = endOfTurn(t.s, now, event.maxAnswerMs, event.patience);
      // Sent because the candidate fell silent, the answer may still go on; cut off at the
      // interviewer's limit, it may not.
      if (end) sendAnswer(t, end === 'silence');
      break;
    }
    case 'dispose':
      keep(t, { stopped: true });
      stopListening(t);
      t.fx.push({ type: 'release-mic' });
      voice(t, { type: 'dispose' });
      t.fx.push({ type: 'dispose-recorder' });
      break;
  }
  return { state: t.s, effects: t.fx, result: t.result, cutOff: t.cutOff };
}
