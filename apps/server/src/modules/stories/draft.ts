import {
  STAR_PARTS,
  sentencesOf,
  type QuestionReport,
  type StarPart,
  type StoryDraft,
} from '@candor/shared';
import { RESULT, SITUATION, TASK } from '../../ai/builtin/story';
import { starEvidence } from './match';

/**
 * A story pre-filled from a behavioural answer (issue 30): each sentence goes to the STAR part its
 * words say (the builtin evaluator's situation, task and result words), the rest is the action;
 * the candidate edits it before saving. Which parts had a sentence of their own is what the
 * report's "did the answer cover each STAR part" says too (match.ts).
 */
export function draftFrom(
  interviewId: string,
  questionIndex: number,
  q: QuestionReport,
  skills: string[],
): StoryDraft {
  const parts: Record<StarPart, string[]> = { situation: [], task: [], action: [], result: [] };
  // The sentence the report quotes for a part goes to that part, so the form and the report agree.
  const evidence = starEvidence(q.answer);
  for (const sentence of sentencesOf(q.answer)) {
    const s = sentence.trim();
    if (!s) continue;
    const quoted = STAR_PARTS.find((p) => evidence[p]?.trim() === s);
    const part: StarPart = quoted
      ? quoted
      : RESULT.test(s)
        ? 'result'
        : TASK.test(s)
          ? 'task'
          : SITUATION.test(s) && parts.action.length === 0
            ? 'situation'
            : 'action';
    parts[part].push(s);
  }
  const text = (p: StarPart) => parts[p].join(' ').slice(0, 2_000);
  const title = q.question.replace(/[?.!]+$/, '').slice(0, 120);
  return {
    title,
    situation: text('situation'),
    task: text('task'),
    action: text('action'),
    result: text('result'),
    skills: skills.slice(0, 12),
    interviewId,
    questionIndex,
    // As the report says it (storyUse.star): a part is covered when a sentence tells it.
    covered: {
      situation: evidence.situation !== null,
      task: evidence.task !== null,
      action: evidence.action !== null,
      result: evidence.result !== null,
    },
  };
}
