import { describe, expect, it } from 'vitest';
import { FOLLOW_UP, builtinInterviewerReply } from './interviewer';
import { classifyQuestion, resolveKinds } from './question-kind';

describe('the kind of a free-form question', () => {
  it.each([
    ['Tell me a little about yourself and your current role.', 0, 'warm-up'],
    ['How are you doing today?', 0, 'warm-up'],
    ['What drew you to backend engineering?', 1, 'warm-up'],
    // How the candidate came to the field, in other words (graded corpus: journalism was scored as technical).
    ['What got you into nursing in the first place?', 0, 'warm-up'],
    ['What first got you interested in data engineering?', 1, 'warm-up'],
    ['Why did you become a teacher?', 0, 'warm-up'],
    ['What got you into trouble with the garbage collector?', 4, 'technical'],
    ['Tell me about a time you disagreed with your manager.', 2, 'behavioural'],
    ['Describe a situation where you had to deliver under pressure.', 4, 'behavioural'],
    ['How do you handle feedback you disagree with?', 3, 'behavioural'],
    ['What motivates you at work?', 5, 'behavioural'],
    ['How would you keep a teammate motivated after a failed launch?', 6, 'behavioural'],
    ['What is backpressure in Node.js streams, and how do you deal with it?', 3, 'technical'],
    ['How do you handle errors in an Express middleware chain?', 3, 'technical'],
    ['Explain the difference between a process and a thread.', 2, 'technical'],
    ['How would you design a rate limiter for a public API?', 4, 'technical'],
    // A story asked for in the field's own words (issue 28): a deal, a patient, a launch.
    ['Tell me about a deal you lost and what you learned from it.', 3, 'behavioural'],
    ['Tell me about a patient you cared for who deteriorated.', 3, 'behavioural'],
    ['Describe a launch you ran that went badly.', 3, 'behavioural'],
    ['Tell me about the CAP theorem.', 3, 'technical'],
    ['Walk me through the steps you would take to debug a slow query.', 3, 'technical'],
  ] as const)('%s → %s', (question, position, kind) => {
    expect(classifyQuestion(question, position)).toBe(kind);
  });

  it('resolves a whole attempt: explicit kinds first, the builtin interviewer’s own lines, follow-ups', () => {
    const context = {
      interviewId: 'x',
      title: 'Team chat',
      category: 'Behavioral',
      difficulty: 'mid',
      flow: 'topic-based' as const,
      topics: ['Motivation', 'Node.js'],
      aiPrompt: null,
      durationMinutes: 30,
      elapsedMinutes: 1,
    };
    const intro = builtinInterviewerReply(context, []);
    const second = builtinInterviewerReply(context, [
      { role: 'assistant', content: intro },
      { role: 'user', content: 'I am a backend engineer at a logistics company.' },
    ]);
    const kinds = resolveKinds(
      [
        { question: intro },
        { question: second },
        {
          question:
            'Thanks. What got you into software engineering, and what keeps you motivated when the work gets hard?',
        },
        { question: `Got it, thank you. ${FOLLOW_UP}` },
        { question: 'Describe a time you shipped late.', kind: 'technical' },
      ],
      { topics: context.topics, category: context.category },
    );
    expect(kinds).toEqual(['warm-up', 'warm-up', 'behavioural', 'behavioural', 'technical']);
  });
});
