import { SKILL_SIGNS } from './skill-signs';
import { skillMentions, type SkillMention } from './skills';
import { SKILLS, type Skill } from './skills-vocabulary';

/**
 * What a skill's name stands for beyond its spelling (issue 28): which skills stand in for each
 * other when an advert says "X, Y or Z", a requirement written that way read back into its
 * skills, and whether a sentence of an answer shows a skill (by name, alias or abbreviation, or by
 * the words only someone using it says: "pods", "consumer group", "terraform plan").
 */

/**
 * Families of skills that stand in for each other: an advert asking for "Snowflake, BigQuery or
 * Redshift" wants one warehouse, "AWS, Azure or GCP" one cloud, "Python, PyTorch or TensorFlow"
 * a language and a framework (two requirements). A skill outside every family is never an
 * alternative to another.
 */
const FAMILIES: Record<string, readonly string[]> = {
  language: [
    'JavaScript',
    'TypeScript',
    'Python',
    'Java',
    'Kotlin',
    'Go',
    'C#',
    '.NET',
    'C++',
    'Rust',
    'Ruby',
    'PHP',
    'Scala',
    'Swift',
    'Objective-C',
    'Dart',
    'Node.js',
  ],
  'web framework': [
    'Express',
    'NestJS',
    'Django',
    'Flask',
    'FastAPI',
    'Spring Boot',
    'Ruby on Rails',
  ],
  api: ['REST APIs', 'GraphQL', 'gRPC'],
  database: [
    'SQL',
    'PostgreSQL',
    'MySQL',
    'SQL Server',
    'Oracle Database',
    'Relational databases',
    'MongoDB',
    'DynamoDB',
    'Cassandra',
    'Elasticsearch',
    'NoSQL',
  ],
  cache: ['Caching', 'Redis', 'Memcached'],
  queue: ['Kafka', 'RabbitMQ', 'Message Queues'],
  warehouse: ['Snowflake', 'BigQuery', 'Redshift', 'Databricks', 'Azure Synapse', 'Trino'],
  'table format': ['Delta Lake', 'Apache Iceberg'],
  'data processing': ['Apache Spark', 'Apache Flink', 'Apache Beam', 'Hadoop'],
  'data orchestration': ['Airflow', 'Dagster', 'Prefect'],
  'front-end framework': ['React', 'Next.js', 'Vue', 'Angular', 'Svelte'],
  mobile: ['iOS', 'Android', 'React Native', 'Flutter'],
  cloud: ['AWS', 'Google Cloud', 'Azure'],
  'infrastructure as code': ['Terraform', 'Ansible'],
  compliance: ['GDPR', 'HIPAA', 'SOC 2', 'ISO 27001', 'PCI DSS', 'Data privacy', 'Compliance'],
};

const FAMILY_OF = new Map<string, string>();
for (const [family, names] of Object.entries(FAMILIES)) {
  for (const name of names) {
    if (!SKILLS.some((k) => k.name === name)) {
      throw new Error(`skill-meaning: ${name} of the ${family} family is not in the vocabulary`);
    }
    FAMILY_OF.set(name, family);
  }
}

export const familyOf = (skill: Skill): string | undefined => FAMILY_OF.get(skill.name);

/** Between two skills of a list: a comma ("Go, Rust"). */
const LIST_GAP = /^\s*,\s*$/;
/**
 * Between two alternatives: "or", "and/or", a slash, "or another", "(or …" ("Kafka or another
 * message broker", "Snowflake, BigQuery, or Redshift", "MySQL/PostgreSQL", "Go (or Rust)").
 */
const OR_GAP =
  /^\s*,?\s*\(?\s*(?:and\s*\/\s*or|or|\/)(?:\s+(?:another|any other|other|some other|a similar|similar|an equivalent|equivalent|a comparable|comparable))?\s*$/i;

export type Requirement = Skill[];

/**
 * The requirements a sentence names, each one skill or several alternatives, in order. A run of
 * skills joined by commas and "or" is one requirement for the family of its last skill ("Snowflake,
 * BigQuery or Redshift"); skills of other families in the run stand alone ("Python, PyTorch or
 * TensorFlow": Python, and deep learning). "and" ends a run.
 */
export function requirementsIn(sentence: string): Requirement[] {
  const mentions = skillMentions(sentence);
  const runs: { mentions: SkillMention[]; or: boolean }[] = [];
  for (const mention of mentions) {
    const run = runs.at(-1);
    const gap = run ? sentence.slice(run.mentions.at(-1)!.end, mention.start) : null;
    if (run && gap !== null && (LIST_GAP.test(gap) || OR_GAP.test(gap))) {
      run.mentions.push(mention);
      if (OR_GAP.test(gap)) run.or = true;
    } else {
      runs.push({ mentions: [mention], or: false });
    }
  }
  const out: Requirement[] = [];
  const add = (skills: Skill[]) => {
    const distinct = [...new Set(skills)];
    if (!out.some((r) => sameRequirement(r, distinct))) out.push(distinct);
  };
  for (const run of runs) {
    const skills = run.mentions.map((m) => m.skill);
    const family = run.or ? familyOf(skills.at(-1)!) : undefined;
    if (!family) {
      for (const skill of skills) add([skill]);
      continue;
    }
    const alternatives = skills.filter((k) => familyOf(k) === family);
    // The skills of other families keep their place before the alternatives.
    for (const skill of skills) {
      if (familyOf(skill) !== family) add([skill]);
      else if (skill === alternatives[0]) add(alternatives);
    }
  }
  return out;
}

const sameRequirement = (a: Requirement, b: Requirement) =>
  a.length === b.length && a.every((k) => b.includes(k));

/** A requirement's name: "Kafka", or "Snowflake, BigQuery or Redshift" within `max` characters. */
export function requirementName(requirement: Requirement, max = 60): string {
  const names = requirement.map((k) => k.name);
  const join = (list: string[]) =>
    list.length === 1 ? list[0]! : `${list.slice(0, -1).join(', ')} or ${list.at(-1)}`;
  let kept = names;
  while (kept.length > 1 && join(kept).length > max) kept = kept.slice(0, -1);
  return join(kept);
}

/**
 * The vocabulary's skills a requirement's name stands for: one ("Kafka", "k8s", "Postgres"), the
 * alternatives of "Snowflake, BigQuery or Redshift", or none for a skill the vocabulary does not
 * know ("COBOL"), which is then matched by its own words.
 */
export function skillsOfRequirement(name: string): Skill[] {
  const lower = name.trim().toLowerCase();
  const exact = SKILLS.find((k) => k.name.toLowerCase() === lower);
  if (exact) return [exact];
  const text = name.trim();
  const mentions = skillMentions(text);
  if (mentions.length === 0) return [];
  // Alternatives only when the mentions are the whole name, joined by commas and "or".
  const whole =
    mentions[0]!.start === 0 &&
    mentions.at(-1)!.end === text.length &&
    mentions.slice(1).every((m, i) => {
      const gap = text.slice(mentions[i]!.end, m.start);
      return LIST_GAP.test(gap) || OR_GAP.test(gap);
    });
  if (whole) return [...new Set(mentions.map((m) => m.skill))];
  return mentions.length === 1 ? [mentions[0]!.skill] : [];
}

const escape = (t: string) => t.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/**
 * A skill's signs as patterns: whole words, a plural allowed; short abbreviations written in
 * capitals ("TF", "GIL") match only as written, so "tf" in a file name does not count.
 */
function signPatterns(signs: readonly string[]): RegExp[] {
  const exact = signs.filter((s) => /^[A-Z0-9]{2,4}$/.test(s));
  const any = signs.filter((s) => !exact.includes(s));
  const pattern = (list: string[], flags: string) =>
    new RegExp(
      `(?<![\\p{L}\\p{N}])(?:${[...list]
        .sort((a, b) => b.length - a.length)
        .map(escape)
        .join('|')})(?:e?s)?(?![\\p{L}\\p{N}])`,
      flags,
    );
  return [
    ...(any.length > 0 ? [pattern(any, 'iu')] : []),
    ...(exact.length > 0 ? [pattern(exact, 'u')] : []),
  ];
}

const SIGNS = new Map<Skill, RegExp[]>();
const signsOf = (skill: Skill) => {
  let patterns = SIGNS.get(skill);
  if (!patterns) {
    patterns = signPatterns(SKILL_SIGNS[skill.name] ?? []);
    SIGNS.set(skill, patterns);
  }
  return patterns;
};

const folded = (text: string) =>
  ` ${text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}+#.]+/gu, ' ')
    .trim()} `;

/**
 * Whether a sentence shows a requirement: it names one of its skills (by name, alias or
 * abbreviation) or says a sign of one; a skill the vocabulary does not know, by its own words.
 */
export function showsRequirement(sentence: string, name: string): boolean {
  const skills = skillsOfRequirement(name);
  if (skills.length === 0) return folded(sentence).includes(folded(name));
  if (skillMentions(sentence).some((m) => skills.includes(m.skill))) return true;
  return skills.some((k) => signsOf(k).some((re) => re.test(sentence)));
}
