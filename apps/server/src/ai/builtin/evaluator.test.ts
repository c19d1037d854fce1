import { NOT_ENOUGH_SPEECH } from '@candor/shared';
import { describe, expect, it } from 'vitest';
import type { QaPair } from '../report-input';
import { unscoreableReason } from '../report-input';
import { BANK, findBankTopic, topicsFor } from './bank';
import { evaluateAnswer, questionScore, warmUpFeedback, type EvaluationContext } from './evaluator';

const JS: EvaluationContext = {
  vocabulary: findBankTopic('JavaScript')!.vocabulary,
  topics: topicsFor(['JavaScript'], 'Frontend'),
};
const NODE: EvaluationContext = {
  vocabulary: topicsFor(['Node.js', 'Streams', 'Worker Threads'], 'Backend').flatMap(
    (t) => t.vocabulary,
  ),
  topics: topicsFor(['Node.js', 'Streams', 'Worker Threads'], 'Backend'),
};
const TEAM: EvaluationContext = { vocabulary: [], topics: topicsFor(['Teamwork'], 'Behavioral') };

const pair = (answer: string, over: Partial<QaPair> = {}): QaPair => ({
  question: 'What is a closure in JavaScript? Give an example of when you would use one.',
  answer,
  expectedAnswer: null,
  questionIndex: null,
  confidence: null,
  mode: 'typed',
  ...over,
});

const DETAILED =
  'A closure is a function bundled with its lexical scope: it keeps access to the variables of the outer function even after that outer function has returned. First, this gives data privacy, because the variable cannot be reached from outside. For example, in my last project I wrote a counter factory where each call returned a function that incremented its own private count. Closures are also used for callbacks and event handlers, and memoization keeps its cache in a closure.';
const VAGUE = 'Um, I think it is, like, maybe something with functions? I am not sure, kind of.';

describe('the technical rubric', () => {
  it('scores an answer that hands the question off below a plain short answer (issue 28)', () => {
    const ACID = 'What do the ACID properties of a transaction guarantee?';
    const SQL = { vocabulary: [], topics: topicsFor(['SQL'], 'Data') };
    const acid = (answer: string) =>
      evaluateAnswer(pair(answer, { question: ACID }), 'technical', SQL);
    const handedOff =
      "ACID, yeah, that's a database thing, it comes up a lot in interviews. It's about transactions, right. We use Postgres at work and it's all handled for us, so I've never really needed to think about it.";
    const plain =
      'ACID is atomicity, consistency, isolation and durability. It means transactions are reliable: either everything happens or nothing does, and committed data is saved safely.';
    const e = acid(handedOff);
    expect(e.features.deflections).toBe(3);
    expect(e.dimensions.accuracy.explanation).toContain('Handed the question off');
    expect(questionScore(e.dimensions)).toBeLessThan(questionScore(acid(plain).dimensions));
  });

  it('is deterministic: the same answer gets the same scores and words', () => {
    expect(evaluateAnswer(pair(DETAILED), 'technical', JS)).toEqual(
      evaluateAnswer(pair(DETAILED), 'technical', JS),
    );
  });

  it('scores a detailed, relevant answer above a vague one on every dimension', () => {
    const good = evaluateAnswer(pair(DETAILED), 'technical', JS).dimensions;
    const bad = evaluateAnswer(pair(VAGUE), 'technical', JS).dimensions;
    for (const d of ['accuracy', 'completeness', 'technicalDepth', 'clarity'] as const) {
      expect(good[d].score, d).toBeGreaterThan(bad[d].score);
    }
    expect(questionScore(good)).toBeGreaterThan(questionScore(bad) + 25);
  });

  it('scores completeness on the key points covered, partly covered counting half', () => {
    const keyPoints = [
      'A closure keeps access to the variables of its outer scope after the outer function returns',
      'Closures give data privacy',
      'Closures are used for callbacks and function factories',
    ];
    const one = evaluateAnswer(
      pair(
        'A closure keeps access to the variables of its outer scope after the outer function has returned.',
        { keyPoints },
      ),
      'technical',
      JS,
    );
    const all = evaluateAnswer(pair(DETAILED, { keyPoints }), 'technical', JS);
    expect(all.dimensions.completeness.score).toBeGreaterThan(one.dimensions.completeness.score);
    expect(all.dimensions.accuracy.explanation).toMatch(/Covered \d of 3 key points/);
  });

  it('explains every dimension and quotes the answer it rests on', () => {
    const e = evaluateAnswer(pair(DETAILED), 'technical', JS);
    for (const d of Object.values(e.dimensions)) {
      expect(d.explanation.length).toBeGreaterThan(10);
      expect(d.evidence.length).toBeGreaterThan(0);
      for (const q of d.evidence) expect(DETAILED).toContain(q);
    }
  });

  it('does not let an off-topic answer score well, however fluent (streams, asked about CPU-heavy work)', () => {
    const question =
      'How do you keep CPU-heavy work, such as generating PDF reports, from slowing down a Node.js API?';
    const offTopic = evaluateAnswer(
      pair(
        'Streams are great in Node. You read a big file in chunks, so memory stays low, and you pipe it straight to the response. Backpressure is handled for you by pipe, which pauses the readable side when the writable side is full. I use streams for uploads and downloads all the time.',
        { question },
      ),
      'technical',
      NODE,
    );
    const onTopic = evaluateAnswer(
      pair(
        'The PDF generation is CPU-bound, so on the main thread it blocks the event loop and every other request waits. I would move it to a worker thread pool sized to the CPU cores, or out of the API entirely onto a job queue with separate worker processes, and let the client poll for the finished report.',
        { question },
      ),
      'technical',
      NODE,
    );
    // Relevance first (issue 28): another subject is not an answer, and the report says so.
    expect(questionScore(offTopic.dimensions)).toBeLessThanOrEqual(15);
    expect(questionScore(onTopic.dimensions)).toBeGreaterThan(
      questionScore(offTopic.dimensions) + 40,
    );
    expect(offTopic.relevance.verdict).toBe('off-topic');
    expect(offTopic.dimensions.accuracy.explanation).toMatch(/^Did not answer the question: /);
    expect(offTopic.comment).toMatch(/streams/i);
  });

  it('does not count everyday words such as "let" as technical terms', () => {
    const e = evaluateAnswer(
      pair(
        'Let me think. Let us say you have a function that counts clicks: it keeps the count in a closure.',
      ),
      'technical',
      JS,
    );
    expect(e.features.vocabHits).not.toContain('let');
    expect(e.dimensions.technicalDepth.explanation).not.toMatch(/\blet\b/);
  });
});

describe('the behavioural rubric', () => {
  const question = 'Tell me about a time you disagreed with a teammate. How did you handle it?';
  const STORY =
    'Okay, so at my last company a colleague wanted to rewrite our billing service, and I thought the slowness came from the queries. I was the one on call for it, so I asked her for half an hour to hear her reasons, and then I proposed that we measure first. I spent a day profiling and found that three queries without an index took eighty percent of the time. We added the indexes together, response times went from four seconds to under half a second, and we dropped the rewrite. I learned that data turns an argument into an experiment.';
  const GENERIC =
    'I get along with everyone, so I do not really have conflicts. Communication is key, and if we disagree we just talk about it and find a solution together.';

  it('judges a story on ownership, structure and specificity, not on technical terms', () => {
    const e = evaluateAnswer(pair(STORY, { question }), 'behavioural', TEAM);
    for (const d of Object.values(e.dimensions))
      expect(d.explanation).not.toMatch(/technical term/i);
    expect(e.dimensions.completeness.explanation).toMatch(/situation, task, action, result/);
    expect(e.tags).toEqual(['situation', 'task', 'action', 'result']);
    expect(questionScore(e.dimensions)).toBeGreaterThanOrEqual(70);
  });

  it('scores a generic answer with no story low on structure and specificity', () => {
    const story = evaluateAnswer(pair(STORY, { question }), 'behavioural', TEAM).dimensions;
    const generic = evaluateAnswer(pair(GENERIC, { question }), 'behavioural', TEAM).dimensions;
    expect(generic.completeness.score).toBeLessThan(40);
    expect(generic.technicalDepth.score).toBeLessThan(story.technicalDepth.score - 30);
    expect(generic.accuracy.explanation).toMatch(/Did not say what you yourself did/);
    expect(questionScore(story)).toBeGreaterThan(questionScore(generic) + 30);
  });

  it('credits "I" over "we"', () => {
    const we = STORY.replace(/\bI (asked|proposed|spent|learned)/g, 'we $1');
    const mine = evaluateAnswer(pair(STORY, { question }), 'behavioural', TEAM).dimensions.accuracy;
    const ours = evaluateAnswer(pair(we, { question }), 'behavioural', TEAM).dimensions.accuracy;
    expect(mine.score).toBeGreaterThan(ours.score);
  });
});

describe('warm-ups', () => {
  it('get feedback only, which says so', () => {
    const feedback = warmUpFeedback(
      pair('Hi, I am a frontend developer at a small agency, mostly React and TypeScript.', {
        question: 'Tell me a little about yourself.',
      }),
    );
    expect(feedback).toMatch(/^Warm-up, not scored/);
    expect(feedback).not.toMatch(/technical term/);
  });
});

describe('what cannot be scored', () => {
  it('marks empty, garbled and low-confidence speech as not scoreable', () => {
    expect(unscoreableReason(pair(''))).toBe('not answered');
    expect(unscoreableReason(pair('uh'))).toBe(NOT_ENOUGH_SPEECH);
    expect(unscoreableReason(pair('xkcd qwrtp zzzzz bcdfg hjklm'))).toBe(NOT_ENOUGH_SPEECH);
    expect(unscoreableReason(pair(DETAILED, { mode: 'voice', confidence: 0.3 }))).toBe(
      NOT_ENOUGH_SPEECH,
    );
    expect(unscoreableReason(pair(DETAILED, { mode: 'voice', confidence: 0.9 }))).toBeNull();
  });
});

describe('question bank', () => {
  it('has questions at every level for every topic, and finds topics by alias', () => {
    expect(BANK.length).toBeGreaterThanOrEqual(40);
    expect(findBankTopic('react hooks')?.topic).toBe('React');
    expect(findBankTopic('K8s')?.topic).toBe('Kubernetes');
    expect(findBankTopic('PostgreSQL')?.topic).toBe('Databases');
    expect(findBankTopic('Behavioral')?.topic).toBe('Behavioural');
    expect(topicsFor(['Underwater basket weaving'], 'General')[0]!.questions.mid[0]).toContain(
      'Underwater basket weaving',
    );
  });

  it('asks behavioural questions about non-technical topics, never "What is Motivation?"', () => {
    for (const [topic, category] of [
      ['Motivation', 'General'],
      ['Teamwork', 'General'],
      ['Conflict', 'General'],
      ['Giving presentations', 'Behavioral'],
      ['Stakeholder Management', 'Leadership'],
    ] as const) {
      const [entry] = topicsFor([topic], category);
      expect(entry!.kind, topic).toBe('behavioural');
      for (const q of Object.values(entry!.questions).flat()) {
        expect(q).not.toMatch(/^What is .*what problem does it solve/);
      }
    }
    expect(topicsFor(['Memory Management'], 'Backend')[0]!.kind).toBe('technical');
    expect(topicsFor(['Merge Conflicts'], 'DevOps')[0]!.kind).toBe('technical');
  });
});
