/**
 * The builtin interviewer's question bank: the entries (entries.ts, read from the JSON files of
 * this folder), generic questions for topics it does not know (generic.ts), and the set's topics
 * as they are asked (set-topics.ts).
 */
export { BANK, findBankTopic, levelOf, type BankTopic } from './entries';
export { genericBehaviouralTopic, genericTopic, isNonTechnicalTopic } from './generic';
export { setTopic, topicsFor } from './set-topics';
export {
  BANK_REFERENCES,
  BANK_TECHNICAL_QUESTIONS,
  bankNeighbours,
  bankReferenceFor,
  type BankReference,
} from './references';
