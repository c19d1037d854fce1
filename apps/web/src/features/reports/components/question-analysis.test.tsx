import { SCORED_WITHOUT_KEY, WARM_UP_NOT_SCORED, type QuestionReport } from '@candor/shared';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { QuestionAnalysis, cutQuote } from './question-analysis';

const LONG_SENTENCE =
  'At my last company a colleague wanted to rewrite our reporting service in Go, and I thought the slowness came from the queries rather than the language, so I asked him for half an hour to go through his reasons before we decided anything at all.';

const dim = (score: number, evidence: string[]) => ({
  score,
  explanation: `Because ${score}.`,
  evidence,
});

const story: QuestionReport = {
  question: 'Tell me about a time you disagreed with a teammate.',
  answer: `${LONG_SENTENCE} We measured first and added three indexes.`,
  kind: 'behavioural',
  score: 78,
  comment: 'A clear story with a result.',
  tags: ['situation', 'action', 'result'],
  evaluation: null,
  dimensions: {
    accuracy: dim(80, [LONG_SENTENCE]),
    completeness: dim(85, [LONG_SENTENCE, 'We measured first and added three indexes.']),
    technicalDepth: dim(70, ['We measured first and added three indexes.']),
    clarity: dim(75, [LONG_SENTENCE]),
  },
  scored: true,
  notScoredReason: null,
  expectedAnswer: null,
  keyPoints: [
    {
      point: 'Listened to the other view',
      covered: true,
      coverage: 'covered',
      evidence: LONG_SENTENCE,
    },
    {
      point: 'Used data to decide',
      covered: false,
      coverage: 'partial',
      evidence: 'We measured first and added three indexes.',
      note: "Said with a hedge ('I guess'), so it counts only in part.",
    },
    {
      point: 'Committed to the final decision',
      covered: false,
      coverage: 'missed',
      evidence: null,
    },
  ],
  speech: null,
  scoredBy: 'builtin',
};

const warmUp: QuestionReport = {
  ...story,
  question: 'Tell me a little about yourself.',
  answer: 'I am Zoë, a backend developer.',
  kind: 'warm-up',
  score: null,
  scored: false,
  notScoredReason: WARM_UP_NOT_SCORED,
  comment: 'Warm-up, not scored: 6 words.',
  dimensions: null,
  keyPoints: [],
};

/** A report stored before question kinds and partial coverage existed. */
const older: QuestionReport = {
  ...story,
  kind: undefined,
  keyPoints: [
    { point: 'Keeps its scope', covered: true, evidence: 'keeps its scope' },
    { point: 'Used for privacy', covered: false, evidence: null },
  ],
};

/** A coding question: the report shows the server's runs and the complexity said. */
const coded: QuestionReport = {
  ...story,
  question: 'Two sum: return the indices of the two numbers that add up to the target.',
  kind: 'coding',
  keyPoints: [],
  coding: {
    language: 'python',
    finalCode: 'def two_sum(nums, target):\n    seen = {}',
    verdict: 'failed',
    visible: { passed: 2, total: 2 },
    hidden: { passed: 2, total: 3 },
    runs: 4,
    submissions: 2,
    firstPassingAfterSeconds: null,
    statedComplexity: 'O(n²)',
    expectedComplexity: 'O(n) time, O(n) space',
    complexityMatches: false,
  },
};

describe('QuestionAnalysis', () => {
  it('shows a coding question’s final code, tests passed and the complexity said against the expected', async () => {
    render(<QuestionAnalysis questions={[coded]} />);
    const block = screen.getByTestId('question-report');
    expect(within(block).getByText('Coding')).toBeTruthy();
    const section = within(block).getByTestId('coding-section');
    expect(section.textContent).toContain('2 of 2 examples, 2 of 3 hidden');
    expect(section.textContent).toContain('No submission passed every test');
    expect(section.textContent).toContain(
      'You said O(n²); a strong solution is O(n) time, O(n) space.',
    );
    expect(section.textContent).toContain('Final submission (Python)');
    expect(within(section).getByText(/def two_sum/)).toBeTruthy();
  });

  it('shows each question as a native disclosure, collapsed, that opens and closes from its summary', async () => {
    const user = userEvent.setup();
    render(<QuestionAnalysis questions={[warmUp, story]} />);
    const blocks = screen.getAllByTestId('question-report');
    expect(blocks.map((b) => b.tagName)).toEqual(['DETAILS', 'DETAILS']);
    const [first, second] = blocks as [HTMLDetailsElement, HTMLDetailsElement];
    expect(first.open).toBe(false);
    const summary = within(second)
      .getByText(/Q2\. Tell me about a time/)
      .closest('summary')!;
    expect(within(summary).getByText('Behavioural')).toBeTruthy();
    expect(within(summary).getByLabelText('Score 8 out of 10')).toBeTruthy();
    await user.click(summary);
    expect(second.open).toBe(true);
    await user.click(summary);
    expect(second.open).toBe(false);
  });

  it('says a warm-up is feedback only', () => {
    render(<QuestionAnalysis questions={[warmUp]} />);
    const block = screen.getByTestId('question-report');
    expect(within(block).getByText('Warm-up')).toBeTruthy();
    expect(within(block).getByText('Feedback only')).toBeTruthy();
    expect(within(block).getByText('Warm-up, not scored: 6 words.')).toBeTruthy();
    expect(within(block).queryByText(WARM_UP_NOT_SCORED)).toBeNull();
  });

  it('names the dimensions of the question’s kind and marks partly covered key points', () => {
    render(<QuestionAnalysis questions={[story]} />);
    const block = screen.getByTestId('question-report');
    expect(within(block).getByText('Ownership: 80')).toBeTruthy();
    expect(within(block).getByText('Structure (situation, task, action, result): 85')).toBeTruthy();
    expect(within(block).getByText('Specificity: 70')).toBeTruthy();
    expect(within(block).queryByText(/Technical depth/)).toBeNull();
    expect(within(block).getByText('Covered:')).toBeTruthy();
    expect(within(block).getByText('Partly covered:')).toBeTruthy();
    expect(within(block).getByText('Missed:')).toBeTruthy();
    expect(
      within(block).getByText(
        "Partly covered — Said with a hedge ('I guess'), so it counts only in part.",
      ),
    ).toBeTruthy();
  });

  it('quotes the evidence once per answer, cut with an ellipsis when long', () => {
    render(<QuestionAnalysis questions={[story]} />);
    const block = screen.getByTestId('question-report');
    const quotes = within(block).getAllByRole('blockquote');
    expect(quotes).toHaveLength(1);
    expect(quotes[0]!.textContent).toBe(`“${cutQuote(LONG_SENTENCE)}”`);
    expect(quotes[0]!.textContent!.endsWith('…”')).toBe(true);
    expect(quotes[0]!.getAttribute('title')).toBe(LONG_SENTENCE);
    expect(cutQuote('Short and whole.')).toBe('Short and whole.');
  });

  it('shows the model answer after the candidate’s, when the question has one', () => {
    render(
      <QuestionAnalysis
        questions={[{ ...story, expectedAnswer: 'Listen first, then decide with data.' }]}
      />,
    );
    expect(screen.getByText('Listen first, then decide with data.')).toBeTruthy();
  });

  it('says an explanation the builtin evaluator scored without an answer key is a rough guide, and only that one', () => {
    const unkeyed: QuestionReport = {
      ...story,
      question: 'What happens when a power station trips off the grid?',
      kind: 'technical',
      keyPoints: [],
      expectedAnswer: null,
    };
    render(
      <QuestionAnalysis
        questions={[
          unkeyed,
          { ...unkeyed, scoredBy: 'builtin-fallback' },
          // A model read its meaning; a key was given; a story; not scored at all.
          { ...unkeyed, scoredBy: 'ai' },
          { ...unkeyed, expectedAnswer: 'Frequency falls and reserves respond.' },
          story,
          { ...unkeyed, scored: false, score: null, dimensions: null },
        ]}
      />,
    );
    const notes = screen.getAllByTestId('scored-without-key');
    expect(notes).toHaveLength(2);
    const blocks = screen.getAllByTestId('question-report');
    expect(within(blocks[0]!).getByText(SCORED_WITHOUT_KEY)).toBeTruthy();
    expect(within(blocks[1]!).getByText(SCORED_WITHOUT_KEY)).toBeTruthy();
  });

  it('reads reports made before kinds and partial coverage', () => {
    render(<QuestionAnalysis questions={[older]} />);
    const block = screen.getByTestId('question-report');
    expect(within(block).getByText('Technical')).toBeTruthy();
    expect(within(block).getByText('Accuracy: 80')).toBeTruthy();
    expect(within(block).getByText('Covered:')).toBeTruthy();
    expect(within(block).getByText('Missed:')).toBeTruthy();
  });

  it('groups a question with its follow-ups: each asked in turn, with the answer given to it', () => {
    const probed: QuestionReport = {
      ...story,
      question: 'How would you make a slow query fast?',
      answer: 'I would add an index. On the created_at column, checked with EXPLAIN ANALYZE.',
      exchanges: [
        {
          asked: 'How would you make a slow query fast?',
          followUp: false,
          answer: 'I would add an index.',
        },
        {
          asked: 'Which index, and how would you know it helped?',
          followUp: true,
          answer: 'On the created_at column, checked with EXPLAIN ANALYZE.',
        },
      ],
    };
    render(<QuestionAnalysis questions={[probed, story]} />);
    const [block, plain] = screen.getAllByTestId('question-report') as [HTMLElement, HTMLElement];
    const list = within(block).getByRole('list', { name: 'Your answer and the follow-ups' });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual([
      'Your answer: I would add an index.',
      'Follow-up: Which index, and how would you know it helped?Your answer: On the created_at column, checked with EXPLAIN ANALYZE.',
    ]);
    // A question asked once shows its one answer, as before.
    expect(
      within(plain).queryByRole('list', { name: 'Your answer and the follow-ups' }),
    ).toBeNull();
    expect(within(plain).getAllByText('Your answer:')).toHaveLength(1);
  });

  it('says when there is nothing to show', () => {
    render(<QuestionAnalysis questions={[]} />);
    expect(
      screen.getByText('Detailed question-by-question analysis is not available for this report.'),
    ).toBeTruthy();
  });
});
