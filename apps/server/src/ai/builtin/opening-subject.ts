import type { KeyPoint } from '@candor/shared';
import type { BankTopic } from './bank';
import { frequencyRank } from './embeddings';
import { bestCloseness } from './meaning';
import { analyse, termTokens, WORDLIKE, type Analysis, type Token } from './nlp';

/**
 * The subject an answer announces in its first words. A spoken answer names what it is about
 * before it says anything else: "A shuffle is when Spark…", "For a fraud model like this…". A
 * strong answer to a neighbouring question does the same with its own subject ("For falls, every
 * patient gets…", asked about sepsis; "A deadlock is two transactions…", asked about isolation
 * levels; "For month-end I work from a checklist…", asked about accrual accounting), and the rest
 * of it shares the field's words, which is why word overlap alone lets it pass. An opening that
 * defines or introduces a thing the question, its expected answer, its key points and the set's
 * topics never name is an answer to another question (relevance.ts decides what that costs).
 */

/** Spoken lead-ins before the first real word. */
const LEAD_IN =
  /^(?:(?:so|well|um+|uh+|erm|okay|ok|right|yeah|yes|honestly|basically|alright|sure)[,.]?\s+)*/i;
/**
 * "For X, …" or "For X I…": the answer frames itself as being about X. X may run on ("For the
 * maximum profit from one buy and one sell, I…"); its head, before the first linking word, names it.
 */
const FOR_SUBJECT =
  /^for (?:a |an |the )?(['‘’\w-]+(?:\s['‘’\w-]+){0,7}?)['’]?(?:\s*[,:]|\s+(?=(?:i|i'd|i'm|i'll|we|we'd|you|each|every|the|it|my|our|there)\b))/i;
/** Where the head of a long "For X" phrase ends: "maximum profit | from one buy…", "middle | in one pass". */
const HEAD_ENDS =
  /\s(?:of|in|on|at|from|to|with|by|for|per|and|or|between|across|over|where|that|which|when|if)\s.*$/i;
/**
 * "Recovery's actually when…": the spoken "X is", told from a possessive ("recovery's goal") by
 * what follows it.
 */
const SPOKEN_IS =
  /^((?:an? |the )?(?:[\w-]+\s){0,2}[\w-]+)['’]s (?=(?:actually|really|basically|just|mostly|mainly|usually|all|about|when|where|how|what|the|a|an|one|more|less|not)\b)/i;
/** People are not subjects: "He's actually the…" opens a story, not another question. */
const PERSONS = /^(?:he|she|they|we|you|i|who|let|there|here|that|what|it)$/i;
/** Past this place in the vectors' frequency order, a question's noun names its subject, not its setting. */
const SPECIFIC = 10000;
/** After a "For X" opening, how often X is said again for it to be what the answer is about. */
export const SAID_AGAIN = 2;
/** "X is …", "X are …", "X means …": the answer defines X. */
const DEFINES =
  /^(?:an? |the )?((?:[\w-]+\s){0,2}[\w-]+(?: (?:of|to|in|from|for) (?:an? |the )?[\w-]+)?) (?:is|are|means)\b\s*(.*)$/i;
/**
 * Framing words: "The goal is…", "The key is…", "The trap is…", "The short answer is…", "My default is…",
 * "Every element is…" open an answer to any question; they announce a point, not a subject. So do
 * the parts of any design ("For the write path, …", "For storage, …").
 */
const FRAMING =
  /^(?:goal|key|question|thing|idea|answer|trick|trap|catch|mistake|gotcha|pitfall|subtlety|twist|nuance|caveat|danger|temptation|observation|problem|point|step|part|decision|insight|aim|way|reason|issue|challenge|difference|first|main|core|hard|real|big|short|long|simple|basic|whole|same|other|truth|rule|approach|plan|requirement|concern|risk|priority|fix|cause|solution|process|job|work|situation|context|story|result|outcome|lesson|bottom|gist|essence|heart|foundation|default|standard|usual|normal|classic|typical|general|overall|best|good|important|tricky|interesting|obvious|natural|biggest|easiest|simplest|fastest|quickest|safest|cleanest|every|each|any|some|most|many|no|several|few|it|this|that|there|here|what|which|who|everything|nothing|something|anything|one|all|both|my|our|your|their|his|her|mine|yours|path|side|layer|tier|end|half|piece|component|read|reads|write|writes|storage|scale|scaling|api|backend|frontend|instance|starters|start|simplicity|brevity|clarity|sake|win|wins|record|reference|comparison|completeness|moment|while|measure|now|sure|once|today|argument|illustration|version|mvp|v1|phase|reasons?)$/i;
/** A predicate that proposes rather than defines: "Redis is the obvious choice here". */
const PROPOSES =
  /^(?:(?:probably|really|definitely|usually|generally|often|just|always)\s+)?(?:the|a|an|my|our)?\s*(?:obvious|natural|right|best|good|great|perfect|ideal|standard|usual|classic|typical|first|main|key|simplest|easiest|safest|go-to)\b|^(?:what|how|where|why|perfect|ideal|great|exactly)\b/i;

/**
 * A predicate that judges rather than defines: "caching is a common culprit", "garbage collection
 * is rarely the issue": the thing is put forward (or ruled out) as part of this question's answer.
 */
const JUDGES =
  /^(?:(?:\w+ly|not|often|usually|almost|always|never|still|also|probably|just)\s+)*(?:the|a|an|one|our|my|your|its)\s+(?:[\w-]+\s+){0,2}?(?:issue|culprit|bottleneck|problem|cause|answer|key|thing|reason|way|tool|option|choice|fix|solution|risk|concern|question|part|step|point|trade-?offs?|win|mistake|trap|suspect|source|fault|default|place|candidate|offender|factor|limit|constraint|cost|overhead|price|benefit|advantage|downside|upside|catch|danger)s?\b/i;

/**
 * Qualities every design has ("For durability, I'd replicate…", "For security, …"): said alone
 * they name a part of the answer; in a longer name ("on-shelf availability") they may not.
 */
const QUALITY =
  /^(?:durability|consistency|availability|security|reliability|latency|performance|resilience|redundancy|observability|monitoring|cost|costs|speed|correctness|safety|testing|deployment|maintainability)$/i;

export interface OpeningSubject {
  /** The subject as the answer says it ("falls", "a retain cycle"). */
  text: string;
  /**
   * "For X, …" frames the whole answer as being about X; "X is …" defines X, which may also be the
   * mechanism that answers the question ("a token bucket is…", asked how to limit a rate).
   */
  form: 'frames' | 'defines';
  /** How many times the answer says the subject again after opening on it. */
  again: number;
}

/** Whether a word of the phrase is said by the reference: its concept, stem, meaning or prefix. */
function named(t: Token, reference: Analysis, words: Token[]): boolean {
  if (bestCloseness(t, words, reference) >= 0.5) return true;
  // "shrink" for "shrinkage", "normalise" for "normalisation": one is the start of the other.
  const stem = t.lower.slice(0, Math.max(5, Math.min(t.lower.length, 6)));
  return (
    t.lower.length >= 5 &&
    words.some(
      (w) =>
        w.lower.length >= 5 &&
        (w.lower.startsWith(stem) || t.lower.startsWith(w.lower.slice(0, 6))),
    )
  );
}

/**
 * A predicate that states a property, not what the thing is: "JavaScript is single-threaded, so…",
 * "HTTP is stateless", "Python is dynamically typed and interpreted". Such an opening sets up a
 * premise for the question's own subject; a definition ("a deadlock is two transactions…")
 * introduces a subject.
 */
function isProperty(predicate: string): boolean {
  const tokens = analyse(predicate).tokens.filter((t) => !t.expansion);
  let i = 0;
  while (tokens[i]?.pos === 'ADV' && tokens[i]!.lower !== 'so') i++;
  const run: Token[] = [];
  for (; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.text === '-' && run.length > 0) continue;
    if (t.pos === 'PUNCT' || t.pos === 'CCONJ' || t.pos === 'SCONJ' || t.lower === 'so') break;
    run.push(t);
  }
  // One word ("declarative", which the tagger may call a noun) or describing words only.
  return (
    run.length === 1 || (run.length > 0 && run.every((t) => t.pos === 'ADJ' || t.pos === 'VERB'))
  );
}

/**
 * Whether the text says one of the question's own nouns, as itself (its lemma or stem): not a
 * synonym, which would take "client" for the question's "users".
 */
function namesQuestion(text: string, question: string, specific = false): boolean {
  const nouns = analyse(question).tokens.filter(
    (t) =>
      (t.pos === 'NOUN' || t.pos === 'PROPN') &&
      t.weight >= 1 &&
      !t.expansion &&
      (!specific || (frequencyRank(t.lemma) ?? frequencyRank(t.lower) ?? Infinity) >= SPECIFIC),
  );
  const said = analyse(text).tokens;
  return nouns.some((n) =>
    said.some((t) => t.lemma === n.lemma || (n.stem.length >= 4 && t.stem === n.stem)),
  );
}

/** How many times the answer says a word of the phrase again after naming it (its lemma or stem). */
function saidAgain(phrase: string, answer: Analysis): number {
  // Its naming words: "falls" may be read as a verb, "counting islands" is a verb and a noun.
  const nouns = termTokens(phrase).filter(
    (t) => t.weight >= 0.6 && !t.expansion && t.pos !== 'ADJ' && t.pos !== 'ADV',
  );
  if (nouns.length === 0) return 0;
  const times = answer.tokens.filter(
    (t) =>
      !t.expansion &&
      nouns.some((n) => t.lemma === n.lemma || (n.stem.length >= 4 && t.stem === n.stem)),
  ).length;
  return Math.max(0, times - 1);
}

/**
 * The subject the answer's first sentence announces when none of the reference's words name it
 * (`reference`: the question, its expected answer and key points, the set's topics and their
 * vocabulary); null when the answer opens on the question's subject, on a framing word, with a
 * proposal ("Redis is the obvious choice") or in any other way.
 */
export function unaskedOpeningSubject(
  answer: Analysis,
  reference: string,
  question = '',
): OpeningSubject | null {
  // "==" and "===" are said as "double equals" and "triple equals": words cannot tell.
  if (/[=<>!&|]{2,}/.test(reference)) return null;
  const opening = answer.sentences[0]?.replace(LEAD_IN, '') ?? '';
  const spoken = SPOKEN_IS.exec(opening);
  const first =
    spoken && !PERSONS.test(spoken[1]!.trim())
      ? `${spoken[1]} is ${opening.slice(spoken[0].length)}`
      : opening;
  let phrase: string | null = null;
  let form: OpeningSubject['form'] = 'frames';
  const framed = FOR_SUBJECT.exec(first);
  if (framed) {
    phrase = framed[1]!.replace(HEAD_ENDS, '');
    // "For hashing, I'd turn each long URL into a short code", "For guest shoppers, the checkout
    // asks…": a part of the question's own subject, which the rest of the sentence names. Named by
    // its setting only ("patient", "grid", "head"), the answer may be about X: "For counting
    // islands I walk over every cell of the grid… a new island…", asked for a shortest path in a
    // grid, is, when it goes on about it.
    const rest = first.slice(framed[0].length);
    if (
      namesQuestion(rest, question, true) ||
      (namesQuestion(rest, question) && saidAgain(phrase, answer) < SAID_AGAIN)
    )
      return null;
  } else {
    const defined = DEFINES.exec(first);
    const predicate = defined?.[2] ?? '';
    if (defined && !PROPOSES.test(predicate) && !JUDGES.test(predicate) && !isProperty(predicate)) {
      // "Distance to the origin is…": named by its head, before the linking word.
      phrase = defined[1]!.replace(HEAD_ENDS, '');
      form = 'defines';
    }
  }
  if (!phrase) return null;
  phrase = phrase.replace(/['‘’]/g, '').trim();
  const raw = phrase.toLowerCase().split(/\s+/);
  if (raw.some((w) => FRAMING.test(w))) return null;
  if (raw.length === 1 && QUALITY.test(raw[0]!)) return null;
  const tokens = termTokens(phrase).filter((t) => t.weight >= 0.6 && /\p{L}/u.test(t.text));
  if (tokens.length === 0) return null;
  // A describing word does not name the phrase when other words can ("the longest run": is "run"
  // said?): its vector is near too many others ("longest" and "time").
  const naming = tokens.filter((t) => t.pos !== 'ADJ');
  const ref = analyse(reference);
  const words = ref.tokens.filter((t) => WORDLIKE.test(t.text));
  if ((naming.length > 0 ? naming : tokens).some((t) => named(t, ref, words))) return null;
  return { text: phrase.toLowerCase(), form, again: saidAgain(phrase, answer) };
}

/**
 * What an answer to the question may open on: its words, its reference, the set's topics and their
 * vocabulary (a part of the field the set covers, "a dirty read is…" asked about isolation levels,
 * is a way into the question, not another question).
 */
export function openingReference(ctx: {
  question: string;
  expectedAnswer: string | null;
  keyPoints: readonly KeyPoint[];
  topics: readonly BankTopic[];
}): string {
  return [
    ctx.question,
    ctx.expectedAnswer ?? '',
    ...ctx.keyPoints.map((k) => k.point),
    ...ctx.topics.flatMap((t) => [t.topic, ...t.aliases, ...t.vocabulary]),
  ].join('. ');
}
