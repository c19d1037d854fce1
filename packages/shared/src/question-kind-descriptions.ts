import type { QuestionKind } from './constants';

// Apart from constants.ts, which the app's first chunk needs: the admin form and the report prompt
// use these, and a module lands whole in one chunk (the /login budget, e2e/budgets.spec.ts).

/** What each kind's answers are judged on, in the words the admin form and the report use. */
export const QUESTION_KIND_DESCRIPTIONS: Record<QuestionKind, string> = {
  'warm-up': 'Feedback only: not scored and not counted in the average.',
  technical: 'Scored on accuracy, completeness, technical depth and clarity.',
  behavioural:
    'Scored on ownership, structure (situation, task, action, result), specificity and clarity; not on technical terms.',
  coding:
    'Solved in an editor: scored on the tests passed, the complexity reached and how the candidate explained it.',
  'system-design':
    'Designed on a whiteboard: scored on the requirements stated, the building blocks drawn or named, the flows connected, the estimates made and the trade-offs discussed.',
};
