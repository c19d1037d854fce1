import type { TurnState } from '../voice/turn-controller';

/**
 * What the live screen says about the microphone and the turn. The specification's texts, with
 * one rule added: nothing says the mic is ready or listening until the recogniser has started
 * (`recording`), so no word is spoken into a mic that is not yet on (decision 013).
 */

export const STARTING_MIC = 'Starting microphone...';

export function micStatusText(turn: TurnState, typed: boolean): string {
  if (typed) return 'Typed answers';
  if (!turn.micEnabled) return 'Microphone is off';
  if (turn.phase === 'speaking')
    return turn.bargeIn ? 'AI speaking - talk to interrupt' : 'AI speaking - mic auto-off';
  if (turn.phase === 'waiting') return 'Waiting for AI...';
  if (turn.recording) return turn.interim || turn.pending ? 'Listening...' : 'Ready to listen';
  return STARTING_MIC;
}

export function statusLineText(turn: TurnState, typed: boolean, connected = true): string {
  // Before the live channel is up and the conversation known, nobody can answer yet.
  if (!connected) return 'Connecting...';
  if (turn.phase === 'waiting') return 'Analyzing your response...';
  if (turn.phase === 'speaking') return 'Speaking...';
  if (turn.recording)
    return turn.interim || turn.pending ? 'Listening to your answer...' : 'Ready for your response';
  // The mic is on its way: the candidate should not start speaking yet.
  if (turn.micEnabled && !typed) return 'Getting the microphone ready...';
  // Mic off or typed answers: the answer box takes the response.
  return 'Ready for your response';
}

export type PanelStatus = 'Recording' | 'AI Thinking' | 'AI Speaking' | 'Ready' | 'Starting mic';

export function panelStatusText(turn: TurnState, typed: boolean): PanelStatus {
  if (turn.recording) return 'Recording';
  if (turn.phase === 'waiting') return 'AI Thinking';
  if (turn.phase === 'speaking') return 'AI Speaking';
  if (turn.micEnabled && !typed) return 'Starting mic';
  return 'Ready';
}

/** Said near the answer box and the status: one rule for spoken and typed answers. */
export const SAME_RULES =
  'Spoken and typed answers follow the same rules: all your words are sent, except words that sound like the interviewer’s own voice, which are held back for you to send or discard.';
