/**
 * The turns of an attempt's conversation: start, answer, time-up and interrupt (runner.ts,
 * interrupt.ts), the interviewer's replies (replies.ts) and whose turn it is, decided by the
 * database (claims.ts). Calls go one way: runner → replies → claims. The live channel runs these
 * turns; the attempts module's end and REST save wait for a reply owed through them.
 */
export { UNHEARD, type Channel, type Emit } from './channel';
export { clearClaim, lockTurn } from './claims';
export {
  cancelledMessage,
  createTurns,
  isEnded,
  type CreditCharge,
  type TurnDeps,
} from './context';
export { interruptReply, stopRepliesTo, type InterruptRefusal } from './interrupt';
export { settleOwedReply, whenNoReplyOwed } from './replies';
export { answerTurn, startTurn, timeUpTurn } from './runner';
