import { describe, expect, it } from 'vitest';
import { analyse } from './nlp';
import { relevanceOf } from './relevance';
import { pastShare, reversesRoles, saysTheme, storyTheme } from './story-theme';

const relevance = (question: string, answer: string) =>
  relevanceOf({
    question,
    answer: analyse(answer),
    kind: 'behavioural',
    topics: [],
    expectedAnswer: null,
    keyPoints: [],
  });

describe('what a behavioural question asks the candidate to show', () => {
  it('reads the act and what it is done to from the clause where the candidate acts', () => {
    const lemmas = (q: string) => {
      const t = storyTheme(q)!;
      return { verbs: t.verbs.map((v) => v.lemma), object: t.object.map((o) => o.lemma) };
    };
    expect(lemmas('Describe a time you disagreed with a teammate.').verbs).toEqual(['disagree']);
    expect(lemmas('Tell me about a deal you lost and what you learned from it.')).toMatchObject({
      verbs: ['lose'],
      object: ['deal'],
    });
    expect(lemmas('Tell me about a time you had to deal with an upset parent.').object).toEqual([
      'upset',
      'parent',
    ]);
    expect(
      storyTheme('Describe a time you gave difficult feedback to a colleague.')!.direction,
    ).toBe('gives');
  });

  it('hears the theme in other forms, not in everyday words close to it by vector', () => {
    const theme = storyTheme('Tell me about a deal you lost.')!;
    expect(saysTheme(theme, analyse('We lost the freight company to a cheaper rival.'))).toBe(true);
    expect(saysTheme(theme, analyse('I get them to give me their budget first.'))).toBe(false);
  });

  it('tells a story of one time from an account of a habit', () => {
    expect(
      pastShare(analyse('We were three weeks behind, so I dropped two features.')),
    ).toBeGreaterThan(0.5);
    expect(
      pastShare(analyse('I write down what success looks like and I look at the numbers.')),
    ).toBeLessThan(0.35);
  });

  it('marks feedback received, asked about feedback given, as not answering it', () => {
    const question = 'Describe a time you gave difficult feedback to a colleague.';
    const received =
      'My manager told me in a one to one that I was a bottleneck. She showed me our cycle times. I changed how I worked and the team told me they felt more trusted.';
    expect(reversesRoles(storyTheme(question)!, received)).toBe(true);
    expect(relevance(question, received).verdict).toBe('off-topic');
    const given =
      'A teammate was blunt in code reviews. I talked to him privately and gave him examples of his comments. He changed how he wrote them.';
    expect(relevance(question, given).verdict).not.toBe('off-topic');
  });

  it("takes who hands what to whom from the candidate's own act, not another person's", () => {
    // "get" is the patient's: the story is of what the candidate did, as asked.
    const question =
      'Describe a time you helped a very anxious patient get through their dental treatment.';
    expect(storyTheme(question)!.direction).toBeNull();
    const helped =
      'A man who had not been in for twelve years was shaking in the waiting room. I sat with him and asked what scared him most. I told him he could raise his hand and we would stop. I explained each step before we did it, and he got through the whole filling.';
    expect(relevance(question, helped).verdict).not.toBe('off-topic');
    expect(storyTheme('Tell me about a time you got feedback you disagreed with.')!.direction).toBe(
      'receives',
    );
    expect(
      storyTheme('Tell me about a time you had to give bad news to a customer.')!.direction,
    ).toBe('gives');
    expect(
      storyTheme('Tell me about a time a manager gave you feedback that was hard to hear.')!
        .direction,
    ).toBe('receives');
  });

  it('marks a habit on another theme, asked for one time, as not answering it', () => {
    const question = 'Tell me about a time you had to cut scope from a release.';
    const habit =
      'Before a feature ships I write down what success looks like, one primary metric and a couple of guardrails. I make sure the events are instrumented before launch. I look at the numbers at one week and at six weeks, and I pair them with customer calls.';
    expect(relevance(question, habit).verdict).toBe('off-topic');
    const weak =
      'That happens all the time. You just prioritise and cut whatever is least important.';
    expect(relevance(question, weak).verdict).not.toBe('off-topic');
  });
});
