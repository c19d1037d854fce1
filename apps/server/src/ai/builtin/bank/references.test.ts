import { describe, expect, it } from 'vitest';
import { BANK, BANK_REFERENCES, BANK_TECHNICAL_QUESTIONS, bankReferenceFor } from '.';

describe("the bank's answer key", () => {
  it('answers only questions the bank asks, each once, and never a story', () => {
    const behavioural = new Set(
      BANK.filter((t) => t.kind === 'behavioural').flatMap((t) =>
        Object.values(t.questions).flat(),
      ),
    );
    const seen = new Set<string>();
    for (const r of BANK_REFERENCES) {
      expect(BANK_TECHNICAL_QUESTIONS.has(r.question), r.question).toBe(true);
      expect(behavioural.has(r.question)).toBe(false);
      expect(seen.has(r.question), `twice: ${r.question}`).toBe(false);
      seen.add(r.question);
    }
  });

  it('covers every technical question of the bank', () => {
    const missing = [...BANK_TECHNICAL_QUESTIONS].filter((q) => bankReferenceFor(q) === null);
    expect(missing).toEqual([]);
  });

  it('gives each question distinct key points, none of them a copy of the question', () => {
    for (const r of BANK_REFERENCES) {
      const points = r.keyPoints.map((p) => p.toLowerCase().trim());
      expect(new Set(points).size, r.question).toBe(points.length);
      expect(points, r.question).not.toContain(r.question.toLowerCase().trim());
    }
  });

  it('finds the question in the line that asks it, the longest when one contains another', () => {
    const [first] = BANK_REFERENCES;
    if (!first) return;
    expect(bankReferenceFor(`Thanks. Moving on to the next topic. ${first.question}`)).toBe(first);
    expect(bankReferenceFor('Tell me about a project you are proud of.')).toBeNull();
    expect(bankReferenceFor(first.question.slice(0, -5))).toBeNull();
  });
});
