/**
 * The evaluator's word lists: which words mean the same thing in an interview answer, which say
 * nothing, which only frame a question. Kept small and general (no list is tuned to one answer).
 */

/** Words that carry no claim in an answer, beyond the model's own stop words. */
export const STOP_WORDS = new Set(
  `um uh erm er hmm ah oh okay ok alright yeah yes yep so well like just really basically actually
literally right sure kind sort lot lots stuff things thing gonna wanna also etc i'm it's that's
don't can't we're you're there's let's i'd i'll i've`.split(/\s+/),
);

/**
 * Words too general to anchor a claim ("use HTTPS" is about HTTPS, not about using): they count
 * a little towards a key point but never cover one alone.
 */
export const GENERIC_WORDS = new Set(
  `be have do use make get go take give keep need allow let help work want say show put come see
try call become mean happen provide include involve require contain seem tend able way example case
time part point something anything everything someone people much many more most less least good
bad better best new old big small first second third last next other another same different
certain main usually often always never sometimes everywhere typically generally simply
instead also even still already only especially really quite fairly very`.split(/\s+/),
);

/**
 * Near synonyms as answers say them: each group's words become the group's first word.
 * "missing", "absent" and "not found" are one concept; so are "notice", "spot" and "realise".
 */
const SYNONYM_GROUPS: string[][] = [
  ['absent', 'miss', 'missing', 'nonexistent', 'non-existent'],
  ['create', 'add', 'insert'],
  ['delete', 'remove', 'drop', 'erase'],
  ['update', 'modify', 'change', 'edit', 'alter', 'mutate'],
  ['replace', 'overwrite'],
  ['partial', 'part', 'partially', 'subset'],
  ['whole', 'entire', 'full', 'complete', 'entirely'],
  ['fast', 'quick', 'quickly', 'speedy', 'rapid'],
  ['slow', 'sluggish'],
  ['error', 'exception', 'failure', 'fault'],
  ['retry', 'resend', 'repeat'],
  ['find', 'search', 'lookup', 'locate', 'retrieve'],
  ['store', 'save', 'persist'],
  ['block', 'freeze', 'stall', 'hang'],
  ['stale', 'outdated'],
  ['measure', 'profile', 'benchmark', 'measurement'],
  ['monitor', 'track', 'observe', 'watch'],
  ['notice', 'spot', 'realise', 'realize', 'discover'],
  ['tell', 'inform', 'notify', 'communicate', 'explain'],
  ['improve', 'enhance', 'optimise', 'optimize', 'streamline', 'improvement', 'better'],
  ['fix', 'repair', 'resolve', 'restore', 'correct'],
  ['prevent', 'avoid', 'stop'],
  ['learn', 'lesson', 'takeaway'],
  ['responsibility', 'responsible', 'ownership', 'own', 'accountable', 'accountability'],
  ['listen', 'hear'],
  [
    'disagree',
    'disagreement',
    'conflict',
    'argue',
    'argument',
    'clash',
    'dispute',
    'pushback',
    'tension',
    'friction',
  ],
  ['decide', 'decision', 'choose', 'choice'],
  ['data', 'datum', 'evidence', 'metric', 'number', 'numbers', 'figure'],
  ['experiment', 'prototype', 'trial', 'spike', 'poc'],
  ['stakeholder', 'manager', 'boss', 'pm'],
  ['result', 'outcome', 'impact', 'effect', 'affect'],
  ['colleague', 'teammate', 'coworker', 'co-worker', 'peer'],
  ['problem', 'issue', 'bug', 'defect'],
  ['documentation', 'docs', 'doc', 'guide', 'notes', 'wiki', 'readme'],
  ['database', 'db'],
  ['kubernetes', 'k8s'],
  ['javascript', 'js'],
  ['typescript', 'ts'],
  ['configuration', 'config'],
  ['authentication', 'auth', 'login', 'log-in'],
  ['environment', 'env'],
  ['repository', 'repo'],
  ['deadline', 'due'],
  ['priority', 'prioritise', 'prioritize', 'prioritisation', 'prioritization'],
  ['customer', 'client', 'user'],
  // Complexity as it is said: "quadratic" is O(n squared) (nlp.ts reads both spellings of O(…)).
  ['o(n^2)', 'quadratic'],
  ['o(log n)', 'logarithmic'],
  ['o(n log n)', 'linearithmic'],
  ['perspective', 'viewpoint', 'view', 'side', 'position', 'stance'],
];

const CANONICAL = new Map<string, string>();
for (const group of SYNONYM_GROUPS) for (const word of group) CANONICAL.set(word, group[0]!);

/** Words that, negated, mean "absent": "does not exist", "not found", "isn't there". */
const NEGATED_ABSENT = new Set(['exist', 'find', 'found', 'present', 'available']);

/** The concept a lemma stands for; a negated "exist"/"find" is "absent". */
export function canonical(lemma: string, negated: boolean): string {
  if (negated && NEGATED_ABSENT.has(lemma)) return 'absent';
  return CANONICAL.get(lemma) ?? lemma;
}

/**
 * Phrases that mean one thing, each group read as its first phrase: "a double loop over every pair"
 * is the brute force of "brute force checks every pair". Matched on lemmas, word for word.
 */
export const PHRASE_GROUPS: string[][] = [
  [
    'brute force',
    'nested loop',
    'double loop',
    'two loop',
    'exhaustive search',
    'naive approach',
    'naive solution',
    'try every',
  ],
  ['hash map', 'hash table', 'hashmap', 'dictionary', 'hash set', 'lookup table'],
  ['perspective', 'point of view', 'side of the story', 'where they were coming from'],
  ['root cause', 'underlying cause', 'real cause'],
  ['disagree', 'push back', 'pushed back', 'did not agree', "didn't agree"],
  ['single point of failure', 'spof'],
  ['race condition', 'data race'],
  ['round trip', 'roundtrip'],
];

/**
 * Abbreviations candidates say, read as the words they stand for ("GIL" is the global interpreter
 * lock), so either spelling covers a key point written with the other. Only abbreviations with one
 * meaning in an interview; an ambiguous one ("CD", "DRY", "MR") is left as it is. Read only when
 * written with a capital or a digit ("GIL", "K8s", "p95"), or as one of a few plain spellings.
 */
export const ABBREVIATIONS: Record<string, string> = {
  gil: 'global interpreter lock',
  orm: 'object relational mapping',
  ci: 'continuous integration',
  'ci/cd': 'continuous integration continuous delivery',
  cicd: 'continuous integration continuous delivery',
  k8s: 'kubernetes',
  db: 'database',
  dbs: 'databases',
  pk: 'primary key',
  fk: 'foreign key',
  sla: 'service level agreement',
  slo: 'service level objective',
  sli: 'service level indicator',
  p50: 'median latency',
  p95: '95th percentile latency',
  p99: '99th percentile latency',
  oop: 'object oriented programming',
  fp: 'functional programming',
  tdd: 'test driven development',
  ddd: 'domain driven design',
  dom: 'document object model',
  vm: 'virtual machine',
  vms: 'virtual machines',
  gc: 'garbage collection',
  jwt: 'json web token',
  xss: 'cross site scripting',
  csrf: 'cross site request forgery',
  sqli: 'sql injection',
  cdn: 'content delivery network',
  dns: 'domain name system',
  acid: 'atomicity consistency isolation durability',
  etl: 'extract transform load',
  elt: 'extract load transform',
  olap: 'online analytical processing',
  oltp: 'online transaction processing',
  cte: 'common table expression',
  ttl: 'time to live',
  rps: 'requests per second',
  qps: 'queries per second',
  mttr: 'mean time to recovery',
  rbac: 'role based access control',
  iac: 'infrastructure as code',
  dag: 'directed acyclic graph',
  bfs: 'breadth first search',
  dfs: 'depth first search',
  dp: 'dynamic programming',
  lru: 'least recently used',
  fifo: 'first in first out',
  lifo: 'last in first out',
  pr: 'pull request',
  prs: 'pull requests',
  qa: 'quality assurance',
  ux: 'user experience',
  ui: 'user interface',
  kpi: 'key performance indicator',
  okr: 'objectives and key results',
  mvp: 'minimum viable product',
  poc: 'proof of concept',
  wip: 'work in progress',
};

/**
 * Words that frame a question rather than name its subject: "explain", "describe", "compare",
 * "difference". Relevance is measured on what is left.
 */
export const QUESTION_WORDS = new Set(
  `explain describe tell walk talk give would could should difference different compare comparison
example when why how what which where who each approach handle deal think opinion prefer pick choose
idea ever time times situation share approach thing happen main favourite favorite briefly detail
mean meaning define definition understand know sure quick little bit thank thanks appreciate great
interesting nice okay alright move next now start begin question talk discuss affect feel`.split(
    /\s+/,
  ),
);

/**
 * Everyday English words that are also terms of some topic ("let", "set", "key"): they count as
 * technical terms only when the question itself asks about them ("var, let and const").
 */
export const ORDINARY_WORDS = new Set(
  `let get put post set key map any never top head list form input label focus role state store
watch signal zone guard output edge plan apply review build test stage gate cost image volume layer
node remote fetch pull push branch commit merge team task action result impact goal trust growth
update risk event index join lock model record select class type field query scope claim token
cookie port proxy slice panic error clock salt secret stub mock flaky pipe bundle linear array
stack heap graph lookup cache warm expiry topic offset queue broker replay batch spark recall bias
spread union strict enum props hook render memo grid rem margin layout meta script defer tag audit
ref emit slot router thread kernel memory swap logs traces alert plan drift tuple equals struct
record process package module buffer stream callback promise cluster middleware schema cursor retry
saga delete patch`.split(/\s+/),
);

/**
 * Hedges: a claim made with one of these covers its key point only partly. "I think" is left out on
 * purpose: confident candidates frame opinions with it too.
 */
export const HEDGES =
  /\b(i guess|i suppose|maybe|probably|perhaps|not (really |totally |quite |completely |100% )?sure|i'?m not certain|kind of|sort of|or something|something like that|if i remember (correctly|right)|might be|could be|i don'?t remember exactly)\b/i;

/** Hedging that weakens how an answer sounds (confidence), "I think" included. */
export const HEDGES_ALL =
  /\b(i think|i believe|i guess|i suppose|maybe|probably|perhaps|not (really |totally |quite )?sure|kind of|sort of|or something|might be|could be)\b/gi;

/**
 * Vague words: intensifiers and generalities said in place of specifics ("it's just really slow",
 * "basically you always do stuff like that"). Hedges are counted apart (HEDGES_ALL). In the graded
 * corpus, answers with nothing of substance say about 8 in 100 words, weak ones 3.5, good ones 1.
 */
export const VAGUE =
  /\b(just|really|basically|stuff|things?|pretty much|always|never|everything|anything|simply|obviously|honestly|definitely|for sure|generally|somehow|whatever|etc|and so on|a lot|lots of|very|super)\b/gi;

/**
 * Deflection: the answer hands the question to someone or something else, or talks about the
 * question instead of answering it ("I'd have to look it up", "the platform team handles that",
 * "it comes up a lot in interviews"). Said instead of an explanation, it marks an answer with
 * nothing of substance, however many of the question's words it repeats.
 */
export const DEFLECTIONS =
  /\b(look (it|them|that|this) up|google (it|that)|check the (docs|documentation|manual)|(the|our) [\w-]+ (team|people|folks|guys) (knows?|handles?|deals?|worry|worries|takes? care|sorts?)|let (the|our) [\w-]+ (team|people|folks) (handle|worry|deal|sort)|(handled|done|taken care of) for us|never (really )?(needed|had) to (think|worry|deal|know|do)|(it'?s|it has) been a (while|long time) since|i (always )?forget|i can'?t (quite )?remember|off the top of my head|i'?d (have|need) to (look|check|see|read)|try (a few|something|things) and see|see (how it goes|where it goes|what happens)|one of those things|comes? up a lot|as they say|buzzwords?|(want|need) to look into (it|that)|there'?s (usually|always) a way|i hear (those|that|it|them) a lot)\b/gi;
