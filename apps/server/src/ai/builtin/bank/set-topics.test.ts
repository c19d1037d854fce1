import { describe, expect, it } from 'vitest';
import type { ChatMessage, InterviewContext } from '../../provider';
import { builtinInterviewerTurn } from '../interviewer';
import { findBankTopic, topicsFor } from '.';

/**
 * Issue 27: a set with topics "SQL" and "Apache Spark" was introduced as "Databases, Data
 * Engineering", never asked about Spark, and every question opened with the same words. The set's
 * topics are the ones asked, by their names.
 */

const context = (topics: string[]): InterviewContext => ({
  interviewId: 'x',
  title: 'Data platform',
  category: 'Data',
  difficulty: 'mid',
  flow: 'topic-based',
  topics,
  aiPrompt: null,
  durationMinutes: 20,
  elapsedMinutes: 1,
});

const ANSWER =
  'For example, in my last job a report took minutes, so I measured each step, rewrote the slowest one and it finished in seconds.';

function converse(c: InterviewContext, turns: number) {
  const messages: ChatMessage[] = [];
  for (let i = 0; i <= turns; i++) {
    const { text } = builtinInterviewerTurn(c, messages);
    messages.push({ role: 'assistant', content: text });
    messages.push({ role: 'user', content: ANSWER });
  }
  return messages.filter((m) => m.role === 'assistant').map((m) => m.content);
}

describe('the set’s topics, as the administrator named them', () => {
  it('keeps each name, with the questions of the bank entry that fits it', () => {
    const [sql, spark] = topicsFor(['SQL', 'Apache Spark'], 'Data');
    expect([sql!.topic, spark!.topic]).toEqual(['SQL', 'Apache Spark']);
    // Spark is a technology of its own: asked by name, then with Data Engineering's questions.
    expect(spark!.questions.mid[0]).toContain('Apache Spark');
    expect(spark!.questions.mid).toContain(findBankTopic('Data Engineering')!.questions.mid[0]);
    expect(sql!.questions.mid).toContain(findBankTopic('Databases')!.questions.mid[0]);
    // A topic the bank knows by another name asks its own questions first ("Event Loop").
    expect(topicsFor(['Event Loop'], 'Frontend')[0]!.questions.mid[0]).toMatch(/event loop/i);
    // The bank's own name, or a synonym of it, is the entry.
    expect(topicsFor(['Golang'], 'Backend')[0]!.questions).toEqual(findBankTopic('Go')!.questions);
    // Unknown to the bank: generic questions that name it.
    const unknown = topicsFor(['Elixir OTP'], 'Backend')[0]!;
    expect(unknown.questions.junior[0]).toBe('What is Elixir OTP, and what problem does it solve?');
  });

  it('two topics of one entry stay two, and one name given twice is one', () => {
    expect(topicsFor(['SQL', 'PostgreSQL', 'sql'], 'Data').map((t) => t.topic)).toEqual([
      'SQL',
      'PostgreSQL',
    ]);
  });

  it('introduces them by name, asks about every one of them, and varies its transitions', () => {
    const said = converse(context(['SQL', 'Apache Spark']), 8);
    expect(said[0]).toContain("We'll talk about SQL and Apache Spark for about 20 minutes.");
    expect(said[0]).not.toMatch(/Databases|Data Engineering/);
    const questions = said.slice(1);
    expect(questions.some((q) => q.includes('Apache Spark'))).toBe(true);
    expect(questions.some((q) => q.includes('SQL'))).toBe(true);
    // No two lines in a row open with the same words.
    const openings = questions.map((q) => q.split('. ').slice(0, 2).join('. '));
    for (let i = 1; i < openings.length; i++) expect(openings[i]).not.toBe(openings[i - 1]);
    expect(new Set(openings).size).toBeGreaterThan(openings.length / 2);
  });
});
