import { CANDIDATE_QUESTIONS, sentencesOf } from '@candor/shared';
import answerBank from './candidate-answers.json';
import { normalise, tokens } from './text';

/**
 * The candidate's own questions at the end of an interview (issue 15), as the builtin interviewer
 * handles them: it invites them, tells a question from "no, that's all", and answers from what it
 * was given about the job (the advert's sentences), a small shipped answer bank, or says honestly
 * that it cannot know. It never invents facts about a company.
 */

export const INVITATION = `We're nearly out of time, so let's wrap up. ${CANDIDATE_QUESTIONS.invitation}`;
export const ANOTHER = 'Do you have another question?';
export const LAST_ONE = "That's all the time we have for questions.";
export const CANNOT_ANSWER =
  "That's a good question, and I can't answer it honestly: I'm a practice interviewer, and nothing I was given about this role says. It's a good one to ask in your real interview.";

interface BankAnswer {
  id: string;
  /** Words that say the question is about this (matched against the question's words). */
  keywords: string[];
  answer: string;
}

const BANK = answerBank as BankAnswer[];

/** Spoken openings that carry no meaning: "Okay, so…", "Um, yeah, I guess…". */
const FILLER =
  /^(?:(?:okay|ok|so|um+|uh+|erm|er|well|yeah|yes|right|sure|alright|all right|actually|i guess|i mean|hmm+|and|thank you|thanks)[\s,.!…-]+)+/i;

const stripFiller = (text: string) => text.trim().replace(FILLER, '').trim();

const DECLINE =
  /^(?:no\b|nope\b|nah\b|nothing\b|not really\b|none\b|i'?m good\b|i am good\b|that'?s (?:it|all|everything)\b|i think that'?s (?:it|all)\b|i don'?t (?:have|think i have) (?:any|anything|more|other)|no (?:more )?questions|no,? (?:that'?s|i think))/i;

const ASKS =
  /^(?:what|how|who|when|where|why|which|is|are|do|does|did|can|could|would|will|should|have|has|tell me|i'?d (?:like|love) to (?:know|hear|ask)|i was wondering|i wonder|could you tell|can you tell|what'?s|how'?s|who'?s)\b/i;

/** True when the candidate says they have no (more) questions. */
export function declines(text: string): boolean {
  return DECLINE.test(stripFiller(text));
}

/** True when the words ask something; speech recognition gives no question marks, so the words decide. */
export function asksSomething(text: string): boolean {
  const said = stripFiller(text);
  if (said === '' || declines(text)) return false;
  return said.includes('?') || ASKS.test(said) || /\b(?:wondering|curious)\b/i.test(said);
}

const STOP = new Set(
  'the a an and or but of to in on for with about what how who when where why which is are do does did can could would will should have has you your yours me my i we our us it its this that there their they them be been was were so just like really kind sort any some more tell know want wondering curious question ask team role job company here'.split(
    ' ',
  ),
);

const contentWords = (text: string) =>
  tokens(text).filter((w) => w.length > 2 && !STOP.has(w) && !/^\d+$/.test(w));

/** Loose stems, so "reviews" meets "review" and "growing" meets "growth". */
const stem = (w: string) => w.replace(/(ing|ed|es|s|th)$/, '').slice(0, 6);

/** What a question is about, by the answer bank's subjects (team, process, growth, pay…). */
export function subjectOf(question: string): string | null {
  return bankAnswerFor(question)?.id ?? null;
}

function bankAnswerFor(question: string): BankAnswer | null {
  const said = ` ${normalise(question)} `;
  let best: { entry: BankAnswer; hits: number } | null = null;
  for (const entry of BANK) {
    const hits = entry.keywords.filter((k) => said.includes(` ${k}`)).length;
    if (hits > 0 && (!best || hits > best.hits)) best = { entry, hits };
  }
  return best?.entry ?? null;
}

/** A question about how big or how many wants a number in its answer ("a team of eight"). */
const ASKS_SIZE = /\b(?:how (?:big|large|many|much)|size|headcount)\b/i;
const SAYS_NUMBER =
  /\d|\b(?:one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|hundred|dozen|handful|several)\b/i;

/**
 * The advert's sentences that speak to the question, best first by the question's own words
 * ("report to" → "You will report to the Head of Data") and, counted double, its subject ("team"),
 * and for a question about size only those that say a number. A second sentence is quoted only
 * when it has the question's own words too: a sentence that merely shares the subject ("Our team
 * builds pipelines on Databricks") answers nothing that was asked (issue 28).
 */
function fromTheAdvert(question: string, sentences: readonly string[], bank: BankAnswer | null) {
  const own = new Set(contentWords(question).map(stem));
  const subject = new Set((bank?.keywords ?? []).map(stem));
  const size = ASKS_SIZE.test(question);
  const ranked = sentences
    .map((s, i) => {
      // The sentence's every word counts: "team" is too common to ask by, but a question about the
      // team (the bank's subject) is answered by the sentence that names it.
      const stems = new Set(
        tokens(s)
          .filter((w) => w.length > 2)
          .map(stem),
      );
      const count = (wanted: Set<string>) => [...stems].filter((w) => wanted.has(w)).length;
      return { s, i, own: count(own), subject: count(subject) };
    })
    .filter((x) => x.own + x.subject > 0 && (!size || SAYS_NUMBER.test(x.s)))
    // The subject counts double: "what does growth look like for engineers here" shares
    // "engineers" with "We are a team of six engineers" but is answered by the learning budget.
    .sort((a, b) => b.own + 2 * b.subject - (a.own + 2 * a.subject) || b.own - a.own || a.i - b.i);
  const [best, ...rest] = ranked;
  if (!best) return [];
  // A second sentence must be about the question twice over: one shared word ("engineers") is not.
  const second = rest.find((x) => (x.own > 0 && x.subject > 0) || x.own >= 2);
  return second ? [best.s, second.s] : [best.s];
}

/**
 * The interviewer's answer to one of the candidate's questions: the advert's own words when they
 * say it (and then nothing more: "ask your interviewer how big the team is" after quoting the
 * team's size undoes the answer), else the answer bank's general word, else an honest "cannot say".
 */
export function answerCandidateQuestion(
  question: string,
  about: {
    role: string | null;
    jobSentences: readonly string[];
    /** What the sentences come from; the job description unless said. */
    source?: 'job description' | 'interview description';
  },
): string {
  const bank = bankAnswerFor(question);
  const quoted = fromTheAdvert(question, about.jobSentences, bank);
  if (quoted.length > 0) {
    const [first, second] = quoted;
    const role = about.role ? ` for the ${about.role} role` : '';
    const source = about.source ?? 'job description';
    return [`The ${source}${role} says: "${first}"`, second ? `It also says: "${second}"` : '']
      .filter(Boolean)
      .join(' ');
  }
  return bank ? bank.answer : CANNOT_ANSWER;
}

/** An interview set's description as sentences the interviewer may quote (five words or more). */
export function descriptionSentences(description: string | null | undefined): string[] {
  return sentencesOf(description ?? '').filter((s) => s.split(/\s+/).length >= 5);
}

/**
 * The interviewer's reply after the invitation to what the candidate just said, given how many
 * questions they asked before it: an answer and an offer of another question, the last answer
 * and goodbye, or goodbye. The builtin interviewer and the fixed flow both reply this way.
 */
export function candidateQuestionsTurn(
  last: string,
  askedBefore: number,
  about: Parameters<typeof answerCandidateQuestion>[1],
  farewell: string,
): { text: string; kind: 'answer-to-candidate' | 'closing' } {
  if (!asksSomething(last)) return { text: farewell, kind: 'closing' };
  const answer = answerCandidateQuestion(last, about);
  const asked = askedBefore + 1;
  if (asked >= CANDIDATE_QUESTIONS.max) {
    return { text: `${answer} ${LAST_ONE} ${farewell}`, kind: 'closing' };
  }
  return { text: `${answer} ${ANOTHER}`, kind: 'answer-to-candidate' };
}
