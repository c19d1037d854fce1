import { describe, expect, it } from 'vitest';
import type { ChatMessage, InterviewContext } from '../provider';
import {
  ANOTHER,
  CANNOT_ANSWER,
  LAST_ONE,
  answerCandidateQuestion,
  asksSomething,
  candidateQuestionsTurn,
  declines,
  descriptionSentences,
} from './candidate-questions';
import { FAREWELL, WRAP_UP, builtinInterviewerTurn } from './interviewer';

const JOB = {
  role: 'Senior Backend Engineer',
  jobSentences: [
    'You will join a team of six engineers and a product manager.',
    'Every change is reviewed by a teammate and we deploy to production several times a day.',
    'There is a yearly learning budget of £1,500 for conferences and books.',
  ],
};

describe("the candidate's questions (issue 15)", () => {
  it('tells a spoken question from "no, that\'s all", without question marks', () => {
    expect(asksSomething('Okay, so what does a typical week look like for the team')).toBe(true);
    expect(asksSomething('Um, I was wondering how you do code review')).toBe(true);
    expect(asksSomething('Could you tell me about on-call?')).toBe(true);
    expect(declines('No, I think that is all, thank you')).toBe(true);
    expect(declines("Okay, no, that's everything")).toBe(true);
    expect(asksSomething("Nope, I'm good")).toBe(false);
    expect(asksSomething('It was a pleasure.')).toBe(false);
  });

  it('answers from the job description first, quoting it', () => {
    const answer = answerCandidateQuestion('How big is the team I would join?', JOB);
    expect(answer).toContain(
      'The job description for the Senior Backend Engineer role says: "You will join a team of six engineers and a product manager."',
    );
    const review = answerCandidateQuestion('So how do you review and deploy changes?', JOB);
    expect(review).toContain('several times a day');
    const growth = answerCandidateQuestion('Is there a budget for learning and conferences', JOB);
    expect(growth).toContain('£1,500');
  });

  it('answers from the answer bank when the advert says nothing, and admits what it cannot know', () => {
    const onCall = answerCandidateQuestion('What is on-call like?', {
      role: null,
      jobSentences: [],
    });
    expect(onCall).toMatch(/on-call rota/);
    expect(onCall).not.toContain('job description says');
    expect(answerCandidateQuestion('Who founded the company in 1998?', JOB)).toBe(CANNOT_ANSWER);
  });

  it("answers from the set's description in an interview from the catalogue", () => {
    const c: InterviewContext = {
      interviewId: 'x',
      title: 'Platform team screen',
      category: 'DevOps',
      difficulty: 'mid',
      flow: 'topic-based',
      topics: ['Kubernetes'],
      aiPrompt: null,
      durationMinutes: 20,
      elapsedMinutes: 19,
      description:
        'Practise for a platform team. The on-call rota is one week in six, and incidents are reviewed without blame.',
    };
    const messages: ChatMessage[] = [];
    const turn = (answer?: string) => {
      if (answer) messages.push({ role: 'user', content: answer });
      const t = builtinInterviewerTurn(c, messages);
      messages.push({ role: 'assistant', content: t.text });
      return t;
    };
    turn();
    expect(turn('I run clusters for a living.').kind).toBe('invite-questions');
    const answer = turn('What is the on-call rota like');
    expect(answer.text).toContain(
      'The interview description says: "The on-call rota is one week in six, and incidents are reviewed without blame."',
    );
  });

  it('takes up to three questions, then says goodbye', () => {
    const c: InterviewContext = {
      interviewId: 'x',
      title: 'Practise for Senior Backend Engineer',
      category: 'Backend',
      difficulty: 'senior',
      flow: 'topic-based',
      topics: ['Databases'],
      aiPrompt: null,
      durationMinutes: 20,
      elapsedMinutes: 19,
      tailored: { required: ['PostgreSQL'], niceToHave: [], plan: [], resumeProjects: [], ...JOB },
    };
    const messages: ChatMessage[] = [];
    const kinds: string[] = [];
    const said: string[] = [];
    const turn = (answer?: string) => {
      if (answer) messages.push({ role: 'user', content: answer });
      const t = builtinInterviewerTurn(c, messages);
      messages.push({ role: 'assistant', content: t.text });
      said.push(t.text);
      kinds.push(t.kind);
    };
    turn();
    turn('I have built payment systems for six years.');
    turn('How big is the team?');
    turn('What does growth look like here');
    turn('And who founded the company?');
    turn('One more: what is the salary?');
    expect(said[1]).toContain(WRAP_UP);
    expect(kinds.slice(1)).toEqual([
      'invite-questions',
      'answer-to-candidate',
      'answer-to-candidate',
      'closing',
      'closing',
    ]);
    expect(said[2]).toContain(ANOTHER);
    expect(said[4]).toContain(CANNOT_ANSWER);
    expect(said[4]).toContain(`${LAST_ONE} ${FAREWELL}`);
    expect(said[5]).toBe(FAREWELL);
  });

  it('answers a question about the team with the sentence that names it, however plainly asked', () => {
    const about = {
      role: null,
      jobSentences: descriptionSentences(
        'Databases screen.\nThe team of five engineers owns the database layer. Releases go out on Tuesdays.',
      ),
      source: 'interview description' as const,
    };
    // "Databases screen." is too short to quote; the rest are sentences of their own.
    expect(about.jobSentences).toEqual([
      'The team of five engineers owns the database layer.',
      'Releases go out on Tuesdays.',
    ]);
    expect(answerCandidateQuestion('How big is the team?', about)).toContain(
      'The interview description says: "The team of five engineers owns the database layer."',
    );
  });

  it('answers only with sentences about what was asked, and sends nobody to ask what it answered (issue 28)', () => {
    const data = {
      role: 'Data Engineer',
      jobSentences: [
        'We are a team of eight data engineers and two analysts in Berlin.',
        'Our team builds batch and streaming pipelines on Databricks and Delta Lake.',
        'You will report to the Head of Data.',
        'We offer 30 days of holiday and a yearly learning budget.',
      ],
    };
    // The size of the team is a number: the sentence that says it, and nothing after it.
    expect(answerCandidateQuestion('How big is the team?', data)).toBe(
      'The job description for the Data Engineer role says: "We are a team of eight data engineers and two analysts in Berlin."',
    );
    const boss = answerCandidateQuestion('Who would I report to?', data);
    expect(boss).toContain('"You will report to the Head of Data."');
    expect(boss).not.toContain('eight');
    const holiday = answerCandidateQuestion('How many days of holiday do you offer?', data);
    expect(holiday).toContain('30 days of holiday');
    expect(holiday).not.toContain('Databricks');
    for (const answer of [boss, holiday]) {
      expect(answer).not.toMatch(/ask(ing)? your (real )?interviewer/i);
    }
    // A word the question shares with the team's size ("engineers") does not outrank its subject.
    const growth = answerCandidateQuestion(
      'And what does growth look like for engineers here',
      data,
    );
    expect(growth).toContain('learning budget');
    expect(growth).not.toContain('eight');
  });

  it('counts the questions asked before: the third is answered with goodbye, "no" is goodbye', () => {
    const about = { role: null, jobSentences: [] };
    expect(candidateQuestionsTurn('How big is the team?', 0, about, 'Bye.')).toMatchObject({
      kind: 'answer-to-candidate',
      text: expect.stringContaining(ANOTHER),
    });
    const third = candidateQuestionsTurn('Who founded the company?', 2, about, 'Bye.');
    expect(third).toEqual({ kind: 'closing', text: `${CANNOT_ANSWER} ${LAST_ONE} Bye.` });
    expect(candidateQuestionsTurn("Okay, no, that's everything", 1, about, 'Bye.')).toEqual({
      kind: 'closing',
      text: 'Bye.',
    });
  });
});
