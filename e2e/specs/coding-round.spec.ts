import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { availableSets } from '../support/api';
import { expectAccessibleInBothThemes } from '../support/axe';
import { useBrowser, newContext, newPage, uniqueEmail } from '../support/browser';
import { newCandidate, signUpThroughUi } from '../support/flows';
import { SPEECH_STAND_IN } from '../support/speech-stand-in';
import { countOf, linesOf, micOn, say, waitForAi, type StandIn } from '../support/voice';

/**
 * The coding round by voice (issue 16): the demo's coding set, the candidate thinking aloud while
 * typing in the editor (the silence rule waits for the hands), a failing then a passing
 * submission on the server's sandbox, the interviewer asking about the edge the failure probed
 * and then the complexity, and the report's coding section.
 */

const browser = useBrowser();

const WRONG = [
  'function twoSum(nums, target) {',
  'for (let i = 0; i + 1 < nums.length; i++) if (nums[i] + nums[i + 1] === target) return [i, i + 1];',
  'return [0, 1];',
  '}',
].join('\n');
const RIGHT = [
  'function twoSum(nums, target) {',
  'const seen = new Map();',
  'for (let i = 0; i < nums.length; i++) {',
  'if (seen.has(target - nums[i])) return [seen.get(target - nums[i]), i];',
  'seen.set(nums[i], i);',
  '}',
  '}',
].join('\n');

/** Typed line by line as a paste: CodeMirror keeps each line's own indentation. */
const BRACKETS_PY = [
  'def is_valid(s):',
  '    pairs = {")": "(", "]": "[", "}": "{"}',
  '    stack = []',
  '    for c in s:',
  '        if c in pairs:',
  '            if not stack or stack.pop() != pairs[c]:',
  '                return False',
  '        else:',
  '            stack.append(c)',
  '    return not stack',
].join('\n');

/** Replaces the editor's code as a paste would. */
async function setCode(page: Page, code: string) {
  const editor = page.getByRole('textbox', { name: /^Code editor/ });
  await editor.click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(code);
}

describe('a coding round by voice', () => {
  it('codes while talking, fails then passes, hears the follow-ups, and reads the coding section', async () => {
    const context = await newContext(browser(), { permissions: ['microphone'] });
    await context.addInitScript(SPEECH_STAND_IN);
    const page = await newPage(context);
    await signUpThroughUi(page, newCandidate(uniqueEmail('coder')));
    const set = (await availableSets(page)).find((s) => s.title.startsWith('Coding Round'));
    expect(set, 'the demo catalogue has a coding round').toBeTruthy();
    await page.goto(`/interview/${set!.id}`);
    await page.getByRole('button', { name: 'Start Interview' }).click();
    await page.waitForURL(/attempt=/);
    const attemptId = new URL(page.url()).searchParams.get('attempt')!;

    // The warm-up: no editor yet.
    await waitForAi(page, 'proud of');
    expect(await page.getByTestId('code-editor').count()).toBe(0);
    await say(
      page,
      'Okay, so recently I rewrote our billing export to stream rows instead of loading them all, which cut its memory use from two gigabytes to fifty megabytes.',
    );

    // Two sum: the editor opens with the starter code.
    await waitForAi(page, 'Two sum');
    const editor = page.getByRole('textbox', { name: 'Code editor (JavaScript)' });
    await editor.waitFor({ timeout: 20_000 });
    expect(await editor.textContent()).toContain('function twoSum(nums, target)');
    await expectAccessibleInBothThemes(page, 'live screen with the code editor');

    // Thinking aloud, then typing for 6 s: nothing is sent while the hands are busy.
    const before = await countOf(page, 'User');
    await micOn(page);
    await page.evaluate(
      (t) => (window as unknown as StandIn).__say(t),
      'I will keep a map from each value to its index.',
    );
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.type('// a map from value to index, then one pass over the numbers', {
      delay: 100,
    });
    expect(await countOf(page, 'User')).toBe(before);
    // Once the typing stops, the silence rule sends the thought.
    await page.waitForFunction(
      (n) =>
        document.querySelectorAll('[data-testid="transcript"] li[data-speaker="User"]').length > n,
      before,
      { timeout: 15_000 },
    );

    // A wrong solution: the examples pass, the submission fails hidden tests.
    await setCode(page, WRONG);
    await page.getByRole('button', { name: 'Run examples' }).click();
    await page.getByTestId('run-results').getByText('Examples: 2 of 2 examples passed').waitFor();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByTestId('run-results').getByText('Submitted: 3 of 5 tests passed').waitFor();
    expect(await page.getByText('Hidden test 4').count()).toBe(1);
    await say(page, 'Okay, I submitted it.');
    await waitForAi(page, 'How does it handle negative numbers?');

    // The right one passes; the interviewer asks for the complexity, then moves on.
    await setCode(page, RIGHT);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByTestId('run-results').getByText('Submitted: 5 of 5 tests passed').waitFor();
    await say(page, 'Negative numbers work now, because I look up the complement in the map.');
    await waitForAi(page, 'What are its time and space complexity');
    await say(
      page,
      'It is O of n time and O of n space, because each number goes into the map once, and an empty array simply has no pair.',
    );
    await waitForAi(page, 'Valid brackets');
    // The next coding question gets its own editor and starter code.
    await page.waitForFunction(() =>
      document.querySelector('[data-testid="code-editor"]')?.textContent?.includes('isValid'),
    );
    expect(await linesOf(page, 'AI')).toEqual(
      expect.arrayContaining([expect.stringContaining('Your submission passed 3 of 5 tests.')]),
    );

    // In Python this time: its starter code, and the server's Pyodide runs the examples.
    await page.getByRole('combobox', { name: 'Language' }).selectOption('python');
    await page.getByRole('textbox', { name: 'Code editor (Python)' }).waitFor();
    await setCode(page, BRACKETS_PY);
    await page.getByRole('button', { name: 'Run examples' }).click();
    await page
      .getByTestId('run-results')
      .getByText('Examples: 3 of 3 examples passed')
      .waitFor({ timeout: 60_000 });

    // End early, skip the check, read the report's coding section.
    await page.getByRole('button', { name: 'End Interview' }).first().click();
    await page.getByText('The interview is not yet complete.', { exact: false }).waitFor();
    await page.getByRole('button', { name: 'End Interview' }).last().click();
    await page.waitForURL(/\/interview\/[0-9a-f-]{36}\/check$/, { timeout: 30_000 });
    await page.getByRole('button', { name: 'Skip' }).click();
    await page.waitForURL(new RegExp(`/reports/${attemptId}$`), { timeout: 60_000 });
    const twoSum = page.getByTestId('question-report').filter({ hasText: 'Two sum' });
    await twoSum.locator('summary').click();
    const section = twoSum.getByTestId('coding-section');
    await section.waitFor();
    const text = await section.textContent();
    expect(text).toContain('2 of 2 examples, 3 of 3 hidden');
    expect(text).toContain('You said O(n); a strong solution is O(n) time, O(n) space — a match.');
    expect(text).toContain('seen.set(nums[i], i);');
    await expectAccessibleInBothThemes(page, 'report with a coding section');
    expect(page.errors).toEqual([]);
    await context.close();
  }, 240_000);
});
