import type { AttemptCoding, CodeRun } from '@candor/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fakeServer, makeUser, type FakeAuthState } from '@/test/fake-server';
import { renderWithProviders } from '@/test/render';
import { CodingPanel } from './coding-panel';

const ID = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';
const STARTER = 'function twoSum(nums, target) {\n  // Return the two indices.\n}\n';

const coding = (over: Partial<AttemptCoding['questions'][number]> = {}): AttemptCoding => ({
  questions: [
    {
      questionIndex: 1,
      questionText: 'Two sum',
      coding: {
        entryPoint: { javascript: 'twoSum', python: 'two_sum' },
        starterCode: { javascript: STARTER, python: 'def two_sum(nums, target):\n    pass\n' },
        examples: [
          { input: '[[2,7,11,15],9]', expected: '[0,1]', compare: 'any-order' },
          { input: '[[3,2,4],6]', expected: '[1,2]', compare: 'any-order' },
        ],
        runLimitMs: 2000,
      },
      lastCode: null,
      runs: [],
      ...over,
    },
  ],
});

const run = (over: Partial<CodeRun> = {}): CodeRun => ({
  id: 'r1',
  questionIndex: 1,
  language: 'javascript',
  mode: 'submit',
  verdict: 'failed',
  passed: 3,
  total: 5,
  createdAt: '2026-11-24T09:05:00.000Z',
  tests: [
    {
      index: 0,
      hidden: false,
      verdict: 'passed',
      input: '[[2,7,11,15],9]',
      expected: '[0,1]',
      actual: '[0,1]',
    },
    {
      index: 1,
      hidden: false,
      verdict: 'failed',
      input: '[[3,2,4],6]',
      expected: '[1,2]',
      actual: '[0,1]',
    },
    { index: 2, hidden: true, verdict: 'passed' },
    { index: 3, hidden: true, verdict: 'failed' },
    { index: 4, hidden: true, verdict: 'passed' },
  ],
  ...over,
});

function show(routes: FakeAuthState['routes'], questionIndex: number | null = 1) {
  const server = fakeServer({ candidate: makeUser(), routes });
  const onTyping = vi.fn();
  renderWithProviders(
    <CodingPanel attemptId={ID} questionIndex={questionIndex} ended={false} onTyping={onTyping} />,
  );
  return { ...server, onTyping };
}

// jsdom lays nothing out: CodeMirror measures text ranges, which jsdom's Range cannot do.
beforeAll(() => {
  const empty = () => Object.assign([], { item: () => null }) as unknown as DOMRectList;
  Range.prototype.getClientRects ??= empty;
  Range.prototype.getBoundingClientRect ??= () => new DOMRect();
});

const results = async () => (await screen.findByTestId('run-results')).textContent ?? '';

afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the coding panel', () => {
  it('shows nothing on a question that is not a coding one', async () => {
    const { requests } = show(
      { [`GET /api/interview/${ID}/coding`]: () => ({ body: coding() }) },
      0,
    );
    await waitFor(() => expect(requests.some((r) => r.path.endsWith('/coding'))).toBe(true));
    await waitFor(() => expect(screen.queryByText('Loading the code editor…')).toBeNull());
    expect(screen.queryByRole('button', { name: 'Submit' })).toBeNull();
  });

  it('opens the editor with the starter code and the examples, and runs them on the server', async () => {
    const { requests } = show({
      [`GET /api/interview/${ID}/coding`]: () => ({ body: coding() }),
      [`POST /api/interview/${ID}/code-runs`]: () => ({
        status: 201,
        body: run({ mode: 'examples', total: 2, passed: 1, tests: run().tests.slice(0, 2) }),
      }),
    });
    await waitFor(() =>
      expect(screen.getByTestId('code-editor').textContent).toContain('Return the two indices.'),
    );
    expect(screen.getByRole('textbox', { name: 'Code editor (JavaScript)' })).toBeTruthy();
    expect(screen.getByText(/twoSum\(\[2,7,11,15\], 9\) → \[0,1\]/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Run examples' }));
    expect(await results()).toContain('Examples: 1 of 2 examples passed');
    const posted = requests.find((r) => r.method === 'POST');
    expect(posted?.body).toEqual({
      questionIndex: 1,
      language: 'javascript',
      code: STARTER,
      mode: 'examples',
    });
    // A failed example shows what went in, what was expected and what came out.
    expect(screen.getByText('[[3,2,4],6]')).toBeTruthy();
    expect(screen.getAllByText('[0,1]').length).toBeGreaterThan(0);
  });

  it('submits the draft kept in this browser, and shows hidden tests by verdict only', async () => {
    window.localStorage.setItem(
      `candor.code.${ID}.1.javascript`,
      'function twoSum() { return [0, 1]; }',
    );
    const { requests } = show({
      [`GET /api/interview/${ID}/coding`]: () => ({ body: coding() }),
      [`POST /api/interview/${ID}/code-runs`]: () => ({ status: 201, body: run() }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Submit' }));
    expect(await results()).toContain('Submitted: 3 of 5 tests passed');
    expect(requests.find((r) => r.method === 'POST')?.body).toMatchObject({
      code: 'function twoSum() { return [0, 1]; }',
      mode: 'submit',
    });
    expect(screen.getByText('Hidden test 4')).toBeTruthy();
    expect(screen.getByText('Hidden test 4').closest('li')!.querySelector('dl')).toBeNull();
  });

  it('switches to Python with its starter code, and says why a run was refused', async () => {
    show({
      [`GET /api/interview/${ID}/coding`]: () => ({ body: coding() }),
      [`POST /api/interview/${ID}/code-runs`]: () => ({
        status: 503,
        body: {
          statusCode: 503,
          error: 'Service Unavailable',
          code: 'SANDBOX_BUSY',
          message: 'The code runner is busy: please try again in a moment',
        },
      }),
    });
    await userEvent.selectOptions(
      await screen.findByRole('combobox', { name: 'Language' }),
      'python',
    );
    await waitFor(() =>
      expect(screen.getByTestId('code-editor').textContent).toContain('def two_sum'),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The code runner is busy');
  });

  it('reads the problem again when the interviewer asks it (the server shows none ahead of time)', async () => {
    let asked = false;
    const { requests } = fakeServer({
      candidate: makeUser(),
      routes: {
        [`GET /api/interview/${ID}/coding`]: () => ({ body: asked ? coding() : { questions: [] } }),
      },
    });
    function Host() {
      const [index, setIndex] = useState<number | null>(0);
      return (
        <>
          <button onClick={() => setIndex(1)}>Next question</button>
          <CodingPanel attemptId={ID} questionIndex={index} ended={false} />
        </>
      );
    }
    renderWithProviders(<Host />);
    await waitFor(() => expect(requests.filter((r) => r.path.endsWith('/coding'))).toHaveLength(1));
    expect(screen.queryByTestId('code-editor')).toBeNull();
    asked = true;
    await userEvent.click(screen.getByRole('button', { name: 'Next question' }));
    await waitFor(() =>
      expect(screen.getByTestId('code-editor').textContent).toContain('Return the two indices.'),
    );
  });

  it('restores the last code the server ran after a reload, with its result', async () => {
    show({
      [`GET /api/interview/${ID}/coding`]: () => ({
        body: coding({
          lastCode: { language: 'javascript', code: 'function twoSum() { /* mine */ }' },
          runs: [run()],
        }),
      }),
    });
    await waitFor(() =>
      expect(screen.getByTestId('code-editor').textContent).toContain('/* mine */'),
    );
    expect(await results()).toContain('Submitted: 3 of 5 tests passed');
  });
});
