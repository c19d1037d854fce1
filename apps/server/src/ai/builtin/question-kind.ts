import type { QuestionKind } from '@candor/shared';
import type { QaPair } from '../report-input';
import { builtinQuestionKind } from './interviewer';

/**
 * The kind of a question nobody labelled: an AI provider's free-form question, or an attempt that
 * started before questions had kinds. Fixed questions carry their kind, and the builtin
 * interviewer knows the kind of what it asks (interviewer.ts); this reads the words.
 */

/** Introductions and small talk: the interviewer's opening questions. */
const WARM_UP =
  /\b(tell me (a (little|bit) )?about yourself|introduce yourself|how are you( doing)?( today)?(?=\s*[?!.]|$)|what are you (currently )?working on|walk me through your (background|resume|résumé|cv|career)|what drew you to|what brings you|how did you get into|what do you enjoy (most )?about|to warm up|still warming up|a bit about your background|to get (us |things )?started|to start us off|what made you (want to|choose|decide|go into|get into)|why did you (choose|decide|go into|get into)|how did you (end up|come to|first get)|what (first )?(got|brought|drew|attracted|inspired) you (in)?to|what (first )?got you (interested|started)|why did you become|how did you (start|begin) (out )?in)\b/i;

/** Questions about the candidate's conduct: stories, habits, motives. */
const BEHAVIOURAL =
  /\b(tell me about a (time|situation|moment|project|mistake|decision|conflict|disagreement|challenge|failure)|describe a (time|situation|moment|project|decision|conflict|disagreement|challenge|failure|mistake)|give me an example of a time|share an example|have you ever (had|disagreed|failed|made|led|mentored|dealt|worked with)|how did you (handle|deal|resolve|respond|react)|how do you ((handle|deal with|respond to|react to|resolve) (a |an |the )?(conflicts?|disagreements?|feedback|criticism|pressure|stress|failures?|difficult|stakeholders?|colleagues?|teammates?|managers?|mistakes?|setbacks?|deadlines?|ambiguity|change|underperform\w*)|prioriti[sz]e|motivate|mentor|give feedback|receive feedback|build trust|manage (conflict|stakeholders|expectations|your time)|stay motivated|keep (your team|stakeholders|people) informed)|what would you do if (a|your) (colleague|teammate|manager|stakeholder|team)|what motivates you|what are your (greatest )?(strengths|weaknesses)|where do you see yourself|why do you want|what did you learn from)\b/i;

/**
 * A story asked for in any words: "tell me about a deal you lost", "describe the hardest call you
 * made", "…and what you learned from it". The thing the story is about varies with the field (a
 * deal, a patient, a launch); what makes it a story is the candidate's own past doing.
 */
const STORY =
  /\b((tell me|talk me through|walk me through|describe|share) (about )?(a|an|the|one|your) ([\w-]+ ){0,4}(you|your team|where you|when you|that you)( (have|had|were|was|did|didn't))? \w+ed\b|(tell me|talk me through|walk me through|describe|share) (about )?(a|an|the|one|your) ([\w-]+ ){0,4}(you|that you) (lost|won|made|led|ran|took|gave|got|had|faced|met|felt|found|chose|broke|built|saw|did|knew|told|wrote|sold|taught|drove|began|went|kept|left|brought)\b|what (you|did you) (learned|learnt|learn|took away|would do differently)\b)/i;

/** Words of people and conduct: with no technical term near them, the question is behavioural. */
const PEOPLE_WORDS =
  /\b(teammate|colleague|co-?worker|manager|stakeholder|mentor(ing|ed)?|conflict|disagree(ment|d)?|feedback|motivat(e|ion|es|ed)|proud|mistake|failure|deadline|pressure|leadership|lead a team|career|culture|values|team ?work|collaborat(e|ion))\b/i;

const TECHNICAL_HINT =
  /\b(api|code|coding|database|sql|query|server|cache|caching|algorithm|complexity|function|class|thread|memory|latency|deploy(ment)?|kubernetes|docker|react|javascript|typescript|css|html|http|rest|graphql|queue|index|schema|test(s|ing)?|bug|architecture|system|design|performance|security|network|protocol)\b/i;

/** The kind a question's words suggest; `position` is its 0-based place among the questions. */
export function classifyQuestion(text: string, position: number): QuestionKind {
  if (WARM_UP.test(text) && (position < 3 || /about yourself|warm/i.test(text))) return 'warm-up';
  if (BEHAVIOURAL.test(text) || STORY.test(text)) return 'behavioural';
  if (PEOPLE_WORDS.test(text) && !TECHNICAL_HINT.test(text)) return 'behavioural';
  return 'technical';
}

/** A short request for more on the same question: "Can you give a concrete example?" */
const FOLLOW_UP =
  /\b(concrete|specific|real|another) example\b|\bcan you (elaborate|expand|say more|go deeper|give me more)\b|\btell me more\b/i;

/**
 * The kind of every question of an attempt: the fixed question's own kind; else what the builtin
 * interviewer knows it asked; a follow-up takes the kind of the question it follows; else the
 * words decide.
 */
export function resolveKinds(
  pairs: readonly Pick<QaPair, 'question' | 'kind'>[],
  interview: { topics: readonly string[]; category: string },
): QuestionKind[] {
  const kinds: QuestionKind[] = [];
  pairs.forEach((pair, i) => {
    const known =
      pair.kind ?? builtinQuestionKind(pair.question, interview.topics, interview.category);
    const previous = kinds[i - 1];
    const followUp =
      previous !== undefined &&
      FOLLOW_UP.test(pair.question) &&
      pair.question.split(/\s+/).length <= 25;
    kinds.push(known ?? (followUp ? previous : classifyQuestion(pair.question, i)));
  });
  return kinds;
}
