import { skillsIn } from '../../ai/builtin/skills';

/**
 * The parts of a job advert (issue 28): which lines head a part, and whether the part asks for
 * its skills, calls them optional, or describes the company (whose tools nobody is asked for).
 * Headings come in many layouts: "Nice to have:", "NICE TO HAVE", "**Bonus**", "### Also
 * welcome", "__Preferred__", "Plus 🚀", "Nice to have – Databricks, GDPR", "1. Requirements".
 */

export type Section = 'required' | 'nice' | 'ignored';

/** Words that call what they head (or what the sentence names) optional. */
export const NICE = new RegExp(
  [
    String.raw`\bnice[\s-]+to[\s-]+haves?\b`,
    String.raw`\b(?:good|great|nice|cool|sweet|helpful) to (?:have|know|see)\b`,
    String.raw`\bwould be (?:great|nice|good|ideal|helpful|a (?:big |huge |real )?(?:plus|bonus|bonus point))\b`,
    String.raw`\bbonus(?:es| points?)?\b`,
    String.raw`\b(?:is|are|as|be|a|big|huge|real|definite) plus\b`,
    String.raw`\bpluses\b`,
    String.raw`\bplus points?\b`,
    String.raw`\bextra (?:credit|points?)\b`,
    String.raw`\bbrownie points?\b`,
    String.raw`\bpreferred\b`,
    String.raw`\bpreferably\b`,
    String.raw`\bdesir(?:able|ed)\b`,
    String.raw`\bideally\b`,
    String.raw`\b(?:an?|added|distinct) advantage\b`,
    String.raw`\badvantageous\b`,
    String.raw`\bbeneficial\b`,
    String.raw`\b(?:is|are|also|very|equally|more than) welcome\b`,
    String.raw`\bwelcome(?: but| if| to have)\b`,
    String.raw`\beven better\b`,
    String.raw`\bstand out\b`,
    String.raw`\bicing on the cake\b`,
    String.raw`\bnot (?:required|essential|mandatory|a must|expected|necessary)\b`,
    String.raw`\bnon[\s-]?essential\b`,
    String.raw`\boptional\b`,
    String.raw`\bwe(?:'d| would) love (?:it )?if\b`,
  ].join('|'),
  'i',
);

/** Words that, in a heading or a label, name a part that asks for skills. */
const REQUIRED = new RegExp(
  [
    String.raw`\brequirements?\b`,
    String.raw`\brequired\b`,
    String.raw`\bmust[\s-]+haves?\b`,
    String.raw`\bessentials?\b`,
    String.raw`\bmandatory\b`,
    String.raw`\bqualifications?\b`,
    String.raw`\bwhat you(?:'ll| will)? (?:need|bring|have)\b`,
    String.raw`\blooking for\b`,
    String.raw`\byou (?:have|bring|are|should have|will need|need)\b`,
    String.raw`\bwho you are\b`,
    String.raw`\babout you\b`,
    String.raw`\byour (?:profile|skills|experience|background|toolkit)\b`,
    String.raw`\bideal candidate\b`,
    String.raw`\bskills\b`,
    String.raw`\bexperience\b`,
    String.raw`\btech(?:nology|nical)? stack\b`,
    String.raw`\bour stack\b`,
    String.raw`\btechnologies\b`,
    String.raw`\bwhat you(?:'ll| will)? do\b`,
    String.raw`\bresponsibilities\b`,
    String.raw`\bthe role\b`,
    String.raw`\bthe job\b`,
    String.raw`\byour role\b`,
    String.raw`\bday[\s-]to[\s-]day\b`,
    String.raw`\byou will\b`,
  ].join('|'),
  'i',
);

/**
 * A plain line (no colon, no markdown, not in capitals) heads a part that asks for skills only
 * when it is a heading and nothing else: "Requirements", "Skills & experience", "What you'll
 * need". "Startup experience", a line of a list that lost its bullets, is not one.
 */
const REQUIRED_HEADING = new RegExp(
  [
    String.raw`^(?:(?:key|core|main|technical|minimum|basic|relevant|required|essential|general|our|your|the|this|job|role|candidate)\s+)*` +
      String.raw`(?:requirements?|qualifications?|skills?|experience|essentials?|must[\s-]+haves?|mandatory|responsibilities|duties|tech(?:nology|nical)? stack|stack|technologies|tools|role|job|profile|background|ideal candidate|day[\s-]to[\s-]day)` +
      String.raw`(?:\s+(?:and|&)\s+(?:requirements?|qualifications?|skills?|experience|responsibilities))?` +
      String.raw`(?:\s+(?:we(?:'re| are)? looking for|needed|required|we use|you(?:'ll| will)? need))?$`,
    String.raw`^about (?:you|the role|the job|the position)$`,
    String.raw`^what you(?:'ll| will)? (?:need|bring|have|do|be doing)(?: to succeed| in this role)?$`,
    String.raw`^what (?:we(?:'re| are)|we're) looking for$`,
    String.raw`^who (?:you are|we(?:'re| are) looking for)$`,
    String.raw`^(?:you|you'll|you will)(?: (?:have|are|bring|should have|will need|need|will))?$`,
    String.raw`^in this role(?:,)? you(?:'ll| will)?$`,
    String.raw`^(?:the )?ideal candidate(?: will have)?$`,
  ].join('|'),
  'i',
);

/** Parts that describe the company or the offer: their tools are not asked of the candidate. */
const IGNORED =
  /\b(benefits|perks|what we offer|we offer|about us|about the company|who we are|our values|compensation|salary|equal opportunit|how to apply|interview process|hiring process)\b/i;

/** A list item: "- Kafka", "• Kafka", "1. Kafka", "a) Kafka". */
const BULLET = /^\s*(?:[-*•–—▪◦‣●■□➢►✓✔]|\d{1,2}[.)]|[a-z][)])\s+/i;

/** A heading's words without its decoration: markdown, bullets, numbers, emoji, trailing marks. */
function bare(text: string): string {
  return text
    .replace(/\p{Extended_Pictographic}|\u{FE0F}/gu, ' ')
    .replace(/^[\s#>*_=~|•·▪◦‣●■□➢►✓✔–—-]+/u, '')
    .replace(/^\d{1,2}[.)]\s+/, '')
    .replace(/[\s*_=~|:–—-]+$/u, '')
    .replace(/^\((.*)\)$/, '$1')
    .trim();
}

/** A heading that is only "Plus", "Extras" or "Optional". */
const NICE_WORD = /^(?:a\s+)?(?:plus(?:es)?|extras?|optional|bonus(?:es)?|nice)$/i;
/** Stronger than "experience": a part of a list that is plainly required ("- Must have: …"). */
const STRONG_REQUIRED =
  /\b(?:requirements?|required|must[\s-]+haves?|essentials?|mandatory|minimum)\b/i;

/**
 * What a label or heading's words say about the part they head; `loose` for a line marked as a
 * heading (a colon, markdown, capitals), where any of the words will do.
 */
export function sectionOfLabel(label: string, loose = true): Section | null {
  const text = bare(label).replace(/\s+\([^)]*\)$/, '');
  if (text.length === 0) return null;
  if (NICE_WORD.test(text)) return 'nice';
  // "Startup experience is a plus" says something of a skill; "Bonus points" heads a part.
  const nice = NICE.exec(text);
  if (nice && (loose || !/\b(?:is|are|was|would|will)\b/i.test(text.slice(0, nice.index)))) {
    return 'nice';
  }
  if (IGNORED.test(text)) return 'ignored';
  if (loose ? REQUIRED.test(text) : REQUIRED_HEADING.test(text.replace(/’/g, "'"))) {
    return 'required';
  }
  return null;
}

/** A list item's own label decides the item only when it says plainly what the item is. */
export function sectionOfItemLabel(label: string): Section | null {
  const text = bare(label);
  if (NICE_WORD.test(text) || NICE.test(text)) return 'nice';
  return STRONG_REQUIRED.test(text) ? 'required' : null;
}

const HEADING_MAX_CHARS = 70;
/** A heading ending with a colon may say more ("Nice to have (we will teach you the rest):"). */
const COLON_HEADING_MAX_CHARS = 120;

/**
 * The part a line heads when the line is a heading of its own, else null: short, no sentence
 * punctuation at its end unless a colon, and naming no skill (a line "Kafka is a plus" says
 * something of Kafka, and does not make the lines after it optional).
 */
export function sectionOfLine(line: string): Section | null {
  const trimmed = line.trim();
  if (trimmed === '') return null;
  const text = bare(trimmed);
  const colon = /:\s*[*_]*\s*$/.test(trimmed) || /\s[–—-]\s*$/.test(trimmed);
  if (text.length === 0 || text.length > (colon ? COLON_HEADING_MAX_CHARS : HEADING_MAX_CHARS)) {
    return null;
  }
  const bullet = BULLET.test(trimmed) && !/^\s*\d{1,2}[.)]\s/.test(trimmed);
  if (!colon && (bullet || /[.!?,;]$/.test(text))) return null;
  if (skillsIn(text).length > 0) return null;
  // Marked as a heading: markdown ("## …", "**…**", "__…__"), or capitals ("NICE TO HAVE").
  const marked =
    colon ||
    /^\s*(?:#{1,6}\s|\*\*|__)/.test(trimmed) ||
    (/\p{Lu}{2}/u.test(text) && text === text.toUpperCase());
  return sectionOfLabel(text, marked);
}

/**
 * A line that starts with a short label and a colon or a dash ("Nice to have – Databricks, GDPR",
 * "- Required: Python, SQL"): the label, the rest, and whether the line is a list item.
 */
export function splitLabel(line: string): { label: string; rest: string; bullet: boolean } | null {
  const bullet = BULLET.test(line);
  const body = line.replace(BULLET, '').replace(/^[\s*_#]+/, '');
  const m = /^(.{2,45}?)(?:[*_]*\s*:|\s+[–—-])\s+(\S.*)$/u.exec(body);
  if (!m) return null;
  // The label says what the part is; a skill's name is no label ("Go – 3 years").
  if (skillsIn(m[1]!).length > 0) return null;
  return { label: m[1]!, rest: m[2]!, bullet };
}
