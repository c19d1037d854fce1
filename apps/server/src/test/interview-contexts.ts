import type { InterviewContext } from '../ai/provider';

/** A 20-minute topic-based Databases interview, a minute in; `over` changes any of it. */
export const interviewContextOf = (over: Partial<InterviewContext> = {}): InterviewContext => ({
  interviewId: 'x',
  title: 'Databases',
  category: 'Backend',
  difficulty: 'mid',
  flow: 'topic-based',
  topics: ['Databases'],
  aiPrompt: null,
  durationMinutes: 20,
  elapsedMinutes: 1,
  ...over,
});
