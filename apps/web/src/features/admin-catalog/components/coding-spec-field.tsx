import {
  CODING_COMPARES,
  CODING_LANGUAGE_LABELS,
  CODING_LANGUAGES,
  CODING_LIMITS,
  codingSpecSchema,
  type CodingSpecInput,
} from '@candor/shared';
import { Plus, Trash2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import {
  Checkbox,
  Field,
  Input,
  SelectField,
  Textarea,
  TextField,
  labelled,
} from '@/components/ui/input';

type Test = CodingSpecInput['tests'][number];

/** What a new coding question starts from: one example and one hidden test to fill in. */
export const EMPTY_CODING_SPEC: CodingSpecInput = {
  entryPoint: { javascript: 'solve', python: 'solve' },
  starterCode: {
    javascript: 'function solve(input) {\n  // Your code here\n}\n',
    python: 'def solve(input):\n    # Your code here\n    pass\n',
  },
  tests: [
    { input: '[]', expected: 'null', compare: 'exact', hidden: false },
    { input: '[]', expected: 'null', compare: 'exact', hidden: true },
  ],
  expectedComplexity: 'O(n) time, O(1) space',
  runLimitMs: CODING_LIMITS.runLimitMsDefault,
};

const COMPARE_LABELS: Record<(typeof CODING_COMPARES)[number], string> = {
  exact: 'Exact',
  'any-order': 'Any order',
  float: 'Numbers within 1e-6',
};

/** The first problem with a spec, in the admin's words (the shared schema's messages). */
export function codingSpecError(spec: CodingSpecInput | null | undefined): string | null {
  if (!spec) return null;
  const parsed = codingSpecSchema.safeParse(spec);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'The problem spec is invalid');
}

/**
 * A coding question's problem (issue 16): the function each language calls, the starter code,
 * visible examples and hidden tests (JSON arguments and expected value), the expected complexity
 * and the run limit. Checked by the same shared schema as the server.
 */
export function CodingSpecField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: CodingSpecInput;
  onChange: (spec: CodingSpecInput) => void;
}) {
  const error = codingSpecError(value);
  const setTest = (i: number, patch: Partial<Test>) =>
    onChange({ ...value, tests: value.tests.map((t, j) => (j === i ? { ...t, ...patch } : t)) });
  return (
    <fieldset
      className="space-y-3 rounded-md border border-border p-3"
      aria-describedby={`${id}-error`}
    >
      <legend className="px-1 text-sm font-semibold">Coding problem</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {CODING_LANGUAGES.map((lang) => (
          <TextField
            key={lang}
            id={`${id}-entry-${lang}`}
            label={`${CODING_LANGUAGE_LABELS[lang]} function name`}
            value={value.entryPoint[lang]}
            onChange={(e) =>
              onChange({ ...value, entryPoint: { ...value.entryPoint, [lang]: e.target.value } })
            }
          />
        ))}
        {CODING_LANGUAGES.map((lang) => (
          <Field
            key={lang}
            id={`${id}-starter-${lang}`}
            label={`${CODING_LANGUAGE_LABELS[lang]} starter code`}
          >
            <Textarea
              id={`${id}-starter-${lang}`}
              rows={4}
              className="font-mono text-xs"
              spellCheck={false}
              value={value.starterCode[lang]}
              onChange={(e) =>
                onChange({
                  ...value,
                  starterCode: { ...value.starterCode, [lang]: e.target.value },
                })
              }
            />
          </Field>
        ))}
      </div>
      <div className="space-y-2">
        <p className="text-sm font-medium">Tests</p>
        <p className="text-xs text-muted-foreground">
          Input: a JSON array of the function’s arguments. Expected: the JSON value it returns.
          Hidden tests run only on Submit; candidates never see them.
        </p>
        <ol className="space-y-2">
          {value.tests.map((t, i) => (
            <li
              key={i}
              className="grid items-end gap-2 rounded-md bg-muted p-2 sm:grid-cols-[1fr_1fr_auto_auto_auto]"
            >
              <TextField
                id={`${id}-test-${i}-input`}
                label={`Test ${i + 1} input`}
                className="font-mono text-xs"
                value={t.input}
                onChange={(e) => setTest(i, { input: e.target.value })}
              />
              <TextField
                id={`${id}-test-${i}-expected`}
                label={`Test ${i + 1} expected`}
                className="font-mono text-xs"
                value={t.expected}
                onChange={(e) => setTest(i, { expected: e.target.value })}
              />
              <SelectField
                id={`${id}-test-${i}-compare`}
                label="Compare"
                options={labelled(CODING_COMPARES, COMPARE_LABELS)}
                value={t.compare ?? 'exact'}
                onChange={(e) => setTest(i, { compare: e.target.value as Test['compare'] })}
              />
              <label className="flex h-10 items-center gap-2 text-sm">
                <Checkbox
                  checked={t.hidden ?? false}
                  onChange={(e) => setTest(i, { hidden: e.target.checked })}
                />
                Hidden
              </label>
              <Button
                variant="ghost"
                size="icon"
                aria-label={`Remove test ${i + 1}`}
                disabled={value.tests.length <= 1}
                onClick={() => onChange({ ...value, tests: value.tests.filter((_, j) => j !== i) })}
              >
                <Trash2 aria-hidden />
              </Button>
            </li>
          ))}
        </ol>
        <Button
          variant="outline"
          size="sm"
          disabled={value.tests.length >= CODING_LIMITS.testsMax}
          onClick={() =>
            onChange({
              ...value,
              tests: [
                ...value.tests,
                { input: '[]', expected: 'null', compare: 'exact', hidden: true },
              ],
            })
          }
        >
          <Plus aria-hidden /> Add test
        </Button>
      </div>
      <div className="grid gap-3 sm:grid-cols-2">
        <Field
          id={`${id}-complexity`}
          label="Expected complexity"
          hint='For example "O(n) time, O(n) space": the report compares what the candidate says.'
        >
          <Input
            id={`${id}-complexity`}
            value={value.expectedComplexity}
            onChange={(e) => onChange({ ...value, expectedComplexity: e.target.value })}
          />
        </Field>
        <TextField
          id={`${id}-limit`}
          label="Run limit per test (ms)"
          type="number"
          min={CODING_LIMITS.runLimitMsMin}
          max={CODING_LIMITS.runLimitMsMax}
          step={100}
          value={value.runLimitMs ?? CODING_LIMITS.runLimitMsDefault}
          onChange={(e) => onChange({ ...value, runLimitMs: e.target.valueAsNumber })}
        />
      </div>
      <p id={`${id}-error`} role={error ? 'alert' : undefined} className="text-sm text-destructive">
        {error ?? ''}
      </p>
    </fieldset>
  );
}
