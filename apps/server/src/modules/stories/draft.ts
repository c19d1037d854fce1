import { sentencesOf, type QuestionReport, type StarPart, type StoryDraft } from '@candor/shared';
import { RESULT, SITUATION, TASK } from '../../ai/builtin/story';

/**
 * A story pre-filled from a behavioural answer (issue 30): each sentence goes to the STAR part its
 * words say (the builtin evaluator's situation, task and result words), the rest is the action;
 * the candidate edits it before saving. Which parts had a sentence of their own is what the
 * report's "did the answer cover each STAR part" reads.
 */
export function draftFrom(
  interviewId: string,
  questionIndex: number,
  q: QuestionReport,
  skills: string[],
): StoryDraft {
  const parts: Record<StarPart, string[]> = { situation: [], task: [], action: [], result: [] };
  for (const sentence of sentencesOf(q.answer)) {
    const s = sentence.trim();
    if (!s) continue;
    const part: StarPart = RESULT.test(s)
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
    covered: {
      situation: parts.situation.length > 0,
      task: parts.task.length > 0,
      action: parts.action.length > 0,
      result: parts.result.length > 0,
    },
  };
}
