import { describe, expect, it } from 'vitest';
import { CANDIDATE_QUESTIONS, type AiMessageKind } from '@candor/shared';
import type { ChatMessage, InterviewContext } from '../provider';
import { genericTopic, topicsFor } from './bank';
import { INVITATION } from './candidate-questions';
import { FAREWELL, builtinInterviewerTurn } from './interviewer';
import { QUESTIONS_DONE } from './lines';
import { questionPlan } from './plan';

/**
 * Issue 27, "use the time": scripted conversations with the builtin interviewer on a moving
 * clock. It asks until the wrap-up minutes begin, in the plan's order; says "we're nearly out of
 * time" only then; and when its questions run out early goes on (further levels, deeper
 * questions) and, only with nothing left, closes with an honest line.
 */

const context = (over: Partial<InterviewContext> = {}): InterviewContext => ({
  interviewId: 'x',
  title: 'Ten minutes of React',
  category: 'Frontend',
  difficulty: 'mid',
  flow: 'topic-based',
  topics: ['React'],
  aiPrompt: null,
  durationMinutes: 10,
  elapsedMinutes: 0,
  ...over,
});

const ANSWER =
  'For example, in my last job a page took four seconds to load, so I measured where the time went and fixed the slowest step, which brought it under a second.';

interface Line {
  text: string;
  kind: AiMessageKind;
  minute: number;
}

/**
 * Plays the interviewer with an answer every `secondsPerTurn` (the question spoken and the
 * answer), until it says goodbye or `maxTurns`; "no questions" after an invitation.
 */
function hold(c: InterviewContext, secondsPerTurn: number, maxTurns = 80, answer = ANSWER) {
  const messages: ChatMessage[] = [];
  const lines: Line[] = [];
  let minute = 0;
  for (let turn = 0; turn < maxTurns; turn++) {
    const { text, kind } = builtinInterviewerTurn({ ...c, elapsedMinutes: minute }, messages);
    lines.push({ text, kind, minute });
    messages.push({ role: 'assistant', content: text });
    if (kind === 'closing') break;
    minute += secondsPerTurn / 60;
    const invited = kind === 'invite-questions';
    messages.push({ role: 'user', content: invited ? "No, that's all, thanks." : answer });
  }
  return lines;
}

const invitation = (lines: Line[]) => lines.find((l) => l.kind === 'invite-questions')!;

describe('the builtin interviewer uses the time (issue 27)', () => {
  it('a 10-minute, one-topic set at a human pace: asks until minute 8, then wraps up', () => {
    const lines = hold(context(), 50);
    const wrap = invitation(lines);
    expect(wrap.minute).toBeGreaterThanOrEqual(8);
    expect(wrap.text).toContain(INVITATION);
    // Before it, only questions; "nearly out of time" is said once, when true.
    expect(lines.filter((l) => l.text.includes("We're nearly out of time"))).toEqual([wrap]);
    expect(lines.slice(0, lines.indexOf(wrap)).every((l) => l.kind === 'question')).toBe(true);
    expect(lines.at(-1)!.text).toBe(FAREWELL);
  });

  it('asks in the plan order: the level first, round-robin across the set’s topics', () => {
    const c = context({ topics: ['JavaScript', 'React'], durationMinutes: 30 });
    const plan = questionPlan(topicsFor(c.topics, c.category), 'mid');
    const lines = hold(c, 40, 8);
    // After two warm-ups, the plan's first six questions, in order.
    const asked = lines.slice(2, 8).map((l) => plan.findIndex((p) => l.text.includes(p.text)));
    expect(asked).toEqual([0, 1, 2, 3, 4, 5]);
    expect(plan.slice(0, 4).map((p) => p.topic)).toEqual([
      'JavaScript',
      'React',
      'JavaScript',
      'React',
    ]);
  });

  it('goes on past the plan: further levels, generic questions, then deeper ones', () => {
    const lines = hold(context({ durationMinutes: 30 }), 50);
    const bank = questionPlan(topicsFor(['React'], 'Frontend'), 'mid');
    const wrap = invitation(lines);
    // Every level of the bank was asked (staff ones included), then more, until the end.
    for (const p of bank) expect(lines.some((l) => l.text.includes(p.text))).toBe(true);
    expect(lines.some((l) => l.text.includes(genericTopic('React').questions.mid[0]!))).toBe(true);
    expect(lines.some((l) => l.text.includes("Let's go deeper. How does"))).toBe(true);
    expect(wrap.minute).toBeGreaterThanOrEqual(27);
    expect(wrap.text).toContain("We're nearly out of time");
  });

  it('closes early only with nothing left to ask, and says so honestly', () => {
    // An answer that uses every term of the topic leaves nothing to go deeper into.
    const everything = topicsFor(['React'], 'Frontend')[0]!.vocabulary.join(', ');
    const lines = hold(context({ durationMinutes: 120 }), 20, 200, `${ANSWER} ${everything}`);
    const wrap = invitation(lines);
    expect(wrap.minute).toBeLessThan(108);
    expect(wrap.text).toContain(QUESTIONS_DONE);
    expect(wrap.text).not.toContain("We're nearly out of time");
    expect(wrap.text).toContain(CANDIDATE_QUESTIONS.invitation);
    expect(lines.at(-1)!.text).toBe(FAREWELL);
  });
});

describe('a tailored interview asks its plan, then goes on (issue 27)', () => {
  const plan = [
    { text: 'Q about Go?', topic: 'Go', kind: 'technical' as const, source: 'bank' as const },
    {
      text: 'Q about Redis?',
      topic: 'Caching',
      kind: 'technical' as const,
      source: 'bank' as const,
    },
  ];
  const tailored = (durationMinutes: number) =>
    context({
      title: 'Practise for Backend Engineer',
      category: 'Tailored',
      topics: ['Go', 'Caching'],
      durationMinutes,
      tailored: {
        role: 'Backend Engineer',
        required: ['Go', 'Redis'],
        niceToHave: [],
        plan: plan.map((p) => ({ ...p, skills: [p.topic === 'Caching' ? 'Redis' : p.topic] })),
        resumeProjects: [],
        jobSentences: [],
      },
    });

  it('its plan first, in order; then the bank of its topics, never closing before minute 8', () => {
    const lines = hold(tailored(10), 45);
    // The skills by the names the candidate confirmed, not the bank's ("Redis", not "Caching").
    expect(lines[0]!.text).toMatch(/the Backend Engineer role\. We'll talk about Go and Redis/);
    expect(lines[1]!.text).toContain("Let's talk about Go. Q about Go?");
    expect(lines[2]!.text).toMatch(/Redis\. Q about Redis\?$/);
    const bank = questionPlan(topicsFor(['Go', 'Caching'], 'Tailored'), 'mid');
    expect(lines[3]!.text).toContain(bank[0]!.text);
    expect(invitation(lines).minute).toBeGreaterThanOrEqual(8);
  });
});
