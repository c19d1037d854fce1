import { normalise } from '../text';
import type { BankTopic } from './entries';

/**
 * Topic names about people and conduct rather than technology ("Motivation", "Teamwork",
 * "Conflict"): a topic the bank does not know is asked as a behavioural topic when it looks like one.
 */
const NON_TECHNICAL =
  /\b(motivat\w*|team ?work|teams?|leader\w*|leading|(?<!merge )conflicts?|(?<!(service|process|network|async|asynchronous|inter-service|interprocess) )communicat\w*|collaborat\w*|mentor\w*|coach\w*|feedback|stakeholders?|ownership|culture|values|career\w*|goals?|strengths?|weakness\w*|(time|people|project|engineering|stakeholder|expectation) management|prioriti\w*|decision[- ]making|negotiat\w*|empathy|resilien\w*|adaptab\w*|influenc\w*|people|hiring|presentation skills|work ethic|integrity|accountab\w*|initiative|creativity|soft skills?|behaviou?r(al)?|personal (development|growth)|self-(awareness|management|improvement)|emotional intelligence|ethics|diversity|inclusion|customer focus|remote work)\b/i;

export function isNonTechnicalTopic(name: string): boolean {
  return NON_TECHNICAL.test(name);
}

/** Behavioural questions for a non-technical topic the bank does not know, by level. */
export function genericBehaviouralTopic(name: string): BankTopic {
  const subject = name.trim().toLowerCase();
  return {
    topic: name,
    kind: 'behavioural',
    aliases: [],
    vocabulary: [
      ...normalise(name)
        .split(' ')
        .filter((w) => w.length > 2),
      'situation',
      'result',
      'learned',
      'team',
      'decision',
    ],
    resources: [
      'The STAR method: Situation, Task, Action, Result',
      `Prepare two stories from your own work that show ${subject}, each with a concrete result`,
    ],
    questions: {
      junior: [
        `Tell me about a time ${subject} made a real difference in your work. What was the situation, and what did you do?`,
        `What does good ${subject} look like to you? Give me an example from a project or team you were part of.`,
      ],
      mid: [
        `Describe a situation where ${subject} was tested. What did you do, and how did it turn out?`,
        `Tell me about a time you got ${subject} wrong. What happened, and what do you do differently now?`,
      ],
      senior: [
        `Tell me about a time you improved ${subject} in a team. What did you change, and what was the result?`,
        `Describe a difficult situation involving ${subject} that you handled. What was your part, and what was the outcome?`,
      ],
      staff: [
        `How have you raised the bar for ${subject} across several teams? Walk me through a specific example and its result.`,
        `Tell me about a time ${subject} was at odds with a business goal. How did you decide, and what happened?`,
      ],
    },
  };
}

/** Generic questions for a technical topic the bank does not know, by level. */
export function genericTopic(name: string): BankTopic {
  return {
    topic: name,
    kind: 'technical',
    aliases: [],
    vocabulary: normalise(name)
      .split(' ')
      .filter((w) => w.length > 2),
    resources: [`The official documentation and a well-regarded introductory book on ${name}`],
    questions: {
      junior: [
        `What is ${name}, and what problem does it solve?`,
        `Walk me through something small you have built or studied that used ${name}.`,
      ],
      mid: [
        `What are the most common mistakes people make with ${name}, and how do you avoid them?`,
        `Describe a problem you solved with ${name} and the trade-offs you weighed.`,
      ],
      senior: [
        `How would you introduce ${name} into an existing system, and what risks would you manage?`,
        `What does ${name} do badly, and what would you use instead in those cases?`,
      ],
      staff: [
        `How would you set standards for ${name} across several teams?`,
        `Where do you see ${name} heading, and how would that change your technical strategy?`,
      ],
    },
  };
}
