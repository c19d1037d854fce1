import type { InterviewDetail, InterviewSetDetail } from '@candor/shared';

/**
 * A tailored attempt (issue 15) has no set: its pre-start screen shows the attempt as a set would
 * be shown (title, level, duration, the skills it is drawn from).
 */
export function setOfAttempt(attempt: InterviewDetail): InterviewSetDetail {
  const skills = attempt.tailored?.required ?? attempt.topics;
  return {
    id: attempt.id,
    title: attempt.title,
    description: attempt.tailored
      ? `Drawn from the job description for ${attempt.tailored.role}: ${skills.join(', ')}.`
      : '',
    category: { id: attempt.id, name: attempt.categoryName },
    categoryId: attempt.id,
    categoryName: attempt.categoryName,
    difficulty: attempt.difficulty,
    type: 'topic-based',
    topics: skills,
    duration: attempt.duration,
    followUpDepth: attempt.followUpDepth,
    inviteQuestions: true,
    showHome: false,
    isActive: true,
    createdAt: attempt.createdAt,
    _count: { interviews: 1, questions: 0 },
    aiPrompt: null,
    questions: [],
  };
}
