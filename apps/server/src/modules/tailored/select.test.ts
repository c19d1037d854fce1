import { describe, expect, it } from 'vitest';
import type { ResumeProfile } from '@candor/shared';
import { BANK } from '../../ai/builtin/bank';
import { extractRequirements } from './extract';
import { JOB_DESCRIPTIONS } from './fixtures/job-descriptions';
import {
  RESUME_TOPIC,
  aboutTheJob,
  questionBudget,
  resumeQuestion,
  selectTailoredQuestions,
  topicOfSkill,
} from './select';

const bankLevelOf = (text: string) => {
  for (const topic of BANK) {
    for (const [level, list] of Object.entries(topic.questions)) {
      if (list.includes(text)) return { topic: topic.topic, level };
    }
  }
  return null;
};

const RESUME: ResumeProfile = {
  skills: ['Go', 'PostgreSQL', 'Kubernetes'],
  projects: [
    { name: 'Holiday photo album', summary: 'a weekend site in plain HTML' },
    { name: 'Payments ledger', summary: 'rebuilt the ledger service in Go on PostgreSQL' },
  ],
  years: 6,
};

describe('question selection for a tailored interview', () => {
  it('draws each required skill’s topic at the role’s level before asking any topic twice', () => {
    const plan = selectTailoredQuestions({
      requirements: { required: ['Go', 'PostgreSQL', 'Kubernetes'], niceToHave: ['Kafka'] },
      difficulty: 'senior',
      durationMinutes: 30,
      resume: null,
    });
    expect(plan).toHaveLength(questionBudget(30));
    const topics = plan.map((p) => p.topic);
    expect(topics.slice(0, 3)).toEqual(['Go', 'Databases', 'Kubernetes']);
    // Kafka is nice to have: its topic comes after every required topic was asked once.
    expect(topics[3]).toBe('Message Queues');
    for (const item of plan) {
      expect(item.source).toBe('bank');
      expect(bankLevelOf(item.text)?.topic).toBe(item.topic);
    }
    // The first question of each topic is a senior one.
    for (const item of plan.slice(0, 4)) expect(bankLevelOf(item.text)?.level).toBe('senior');
    expect(plan[1]!.skills).toEqual(['PostgreSQL']);
    expect(new Set(plan.map((p) => p.text)).size).toBe(plan.length);
  });

  it('asks a junior role junior questions, and borrows the next level only when they run out', () => {
    const plan = selectTailoredQuestions({
      requirements: { required: ['React'], niceToHave: [] },
      difficulty: 'junior',
      durationMinutes: 30,
      resume: null,
    });
    const levels = plan.map((p) => bankLevelOf(p.text)?.level);
    const juniors = BANK.find((t) => t.topic === 'React')!.questions.junior.length;
    expect(levels.slice(0, juniors).every((l) => l === 'junior')).toBe(true);
    expect(levels.slice(juniors).every((l) => l === 'mid')).toBe(true);
    expect(levels).not.toContain('senior');
  });

  it('maps skills the candidate typed through the vocabulary; one the bank lacks gets generic questions', () => {
    expect(topicOfSkill('k8s').topic).toBe('Kubernetes');
    expect(topicOfSkill('Postgres').topic).toBe('Databases');
    // Confirmed, so asked (issue 27): by name, with generic questions.
    expect(topicOfSkill('Rust').topic).toBe('Rust');
    const plan = selectTailoredQuestions({
      requirements: { required: ['Rust', 'postgres'], niceToHave: [] },
      difficulty: 'mid',
      durationMinutes: 10,
      resume: null,
    });
    expect(plan.map((p) => p.topic)).toEqual(['Rust', 'Databases', 'Rust', 'Databases']);
    expect(plan[0]!.text).toContain('Rust');
    expect(
      plan.filter((p) => p.topic === 'Databases').every((p) => p.skills.includes('postgres')),
    ).toBe(true);
  });

  it('asks every confirmed skill once, required first, however short the time (issue 27)', () => {
    const required = ['Go', 'PostgreSQL', 'Kubernetes', 'Redis', 'Docker', 'Python', 'TypeScript'];
    const plan = selectTailoredQuestions({
      requirements: { required, niceToHave: ['Kafka', 'Terraform'] },
      difficulty: 'senior',
      durationMinutes: 10,
      resume: RESUME,
    });
    const bank = plan.filter((p) => p.source === 'bank');
    expect(bank.map((p) => p.skills[0])).toEqual([...required, 'Kafka', 'Terraform']);
    // The résumé question comes second, after the first skill's.
    expect(plan[1]!.source).toBe('resume');
  });

  it('asks about the résumé project that shows the job’s skills', () => {
    const plan = selectTailoredQuestions({
      requirements: { required: ['Go', 'PostgreSQL'], niceToHave: [] },
      difficulty: 'senior',
      durationMinutes: 20,
      resume: RESUME,
    });
    const fromResume = plan.filter((p) => p.source === 'resume');
    expect(fromResume).toHaveLength(2);
    expect(fromResume[0]).toEqual({
      text: resumeQuestion('Payments ledger'),
      topic: RESUME_TOPIC,
      kind: 'behavioural',
      source: 'resume',
      skills: ['Go', 'PostgreSQL'],
    });
    expect(plan[1]!.source).toBe('resume');
    expect(plan).toHaveLength(questionBudget(20));
    // A short interview has room for one.
    const short = selectTailoredQuestions({
      requirements: { required: ['Go'], niceToHave: [] },
      difficulty: 'mid',
      durationMinutes: 10,
      resume: RESUME,
    });
    expect(short.filter((p) => p.source === 'resume')).toHaveLength(1);
  });

  it('is the same plan every time, for every advert, within the budget', () => {
    for (const { text } of JOB_DESCRIPTIONS) {
      const requirements = extractRequirements(text);
      const args = {
        requirements,
        difficulty: requirements.level,
        durationMinutes: 45,
        resume: null,
      };
      const plan = selectTailoredQuestions(args);
      expect(plan).toEqual(selectTailoredQuestions(args));
      expect(plan.length).toBeLessThanOrEqual(questionBudget(45));
      expect(plan.length).toBeGreaterThan(0);
    }
  });

  it('fits the number of questions to the time', () => {
    // About a question a minute and a half between the warm-up and the wrap-up minutes.
    expect([5, 10, 20, 30, 60, 120].map(questionBudget)).toEqual([2, 4, 11, 17, 30, 30]);
  });
});

describe('what the advert says about the job', () => {
  it('keeps sentences about the team, the process and growth, not the skill lists', () => {
    const about = aboutTheJob(
      'Senior Engineer\n- Go, Kafka\nYou will join a team of six engineers who review every change.\nWe have a yearly learning budget of £1,500 for conferences and books.\nRemote-first, with an office in Leeds.',
    );
    expect(about).toEqual([
      'You will join a team of six engineers who review every change.',
      'We have a yearly learning budget of £1,500 for conferences and books.',
      'Remote-first, with an office in Leeds.',
    ]);
  });
});
