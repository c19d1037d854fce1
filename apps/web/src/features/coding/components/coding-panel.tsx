import {
  CODING_LANGUAGES,
  CODING_LANGUAGE_LABELS,
  type AttemptCoding,
  type CodeRunMode,
  type CodingLanguage,
} from '@candor/shared';
import { Loader2, Play, Send } from 'lucide-react';
import { Suspense, lazy, useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Options, Select, labelled } from '@/components/ui/input';
import { errorMessage } from '@/lib/api-client';
import { useTheme } from '@/lib/theme';
import { useAttemptCoding } from '../api/get-attempt-coding';
import { useRunCode } from '../api/run-code';
import { RunResults, runSummary } from './run-results';

// CodeMirror is loaded only when a coding question is on screen.
const CodeEditor = lazy(() => import('./code-editor'));

/** Unsent code survives a reload: kept in this browser per attempt, question and language. */
const draftKey = (attemptId: string, questionIndex: number, language: CodingLanguage) =>
  `candor.code.${attemptId}.${questionIndex}.${language}`;

function readDraft(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

function writeDraft(key: string, code: string) {
  try {
    window.localStorage.setItem(key, code);
  } catch {
    // A full or blocked storage loses only the local copy: the server keeps every run.
  }
}

/**
 * The editor beside the conversation while the current question is a coding one (issue 16): the
 * candidate writes code while talking it through, runs the visible examples, and submits against
 * every test. The server's sandbox runs both; its verdict is the scored one.
 */
export function CodingPanel(props: {
  attemptId: string;
  /** The fixed question being asked; the panel shows only when it is a coding one. */
  questionIndex: number | null;
  ended: boolean;
  onTyping?: () => void;
}) {
  const coding = useAttemptCoding(props.attemptId, props.questionIndex);
  const question = coding.data?.questions.find((q) => q.questionIndex === props.questionIndex);
  if (coding.isPending && props.questionIndex !== null) {
    return (
      <p role="status" className="text-sm text-muted-foreground">
        Loading the code editor…
      </p>
    );
  }
  if (!question) return null;
  return <Workspace key={question.questionIndex} {...props} question={question} />;
}

type CodingQuestion = AttemptCoding['questions'][number];

function Workspace({
  attemptId,
  question,
  ended,
  onTyping,
}: {
  attemptId: string;
  question: CodingQuestion;
  ended: boolean;
  onTyping?: () => void;
}) {
  const { resolved } = useTheme();
  const run = useRunCode(attemptId);
  const [language, setLanguage] = useState<CodingLanguage>(
    question.lastCode?.language ?? 'javascript',
  );
  const initialCode = (lang: CodingLanguage) =>
    readDraft(draftKey(attemptId, question.questionIndex, lang)) ??
    (question.lastCode?.language === lang ? question.lastCode.code : null) ??
    question.coding.starterCode[lang];
  const [code, setCode] = useState(() => initialCode(language));
  useEffect(() => {
    writeDraft(draftKey(attemptId, question.questionIndex, language), code);
  }, [attemptId, question.questionIndex, language, code]);

  const last = question.runs.at(-1);
  const submit = (mode: CodeRunMode) =>
    run.mutate({ questionIndex: question.questionIndex, language, code, mode });
  const editorId = `code-${question.questionIndex}`;

  return (
    <section
      aria-labelledby={`${editorId}-title`}
      className="w-full max-w-3xl space-y-3 rounded-lg border border-border bg-card p-4 text-left"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={`${editorId}-title`} className="font-semibold">
          Your code
        </h2>
        <label className="flex items-center gap-2 text-sm">
          Language
          <Select
            value={language}
            onChange={(e) => {
              const next = e.target.value as CodingLanguage;
              setLanguage(next);
              setCode(initialCode(next));
            }}
            className="w-36"
          >
            <Options options={labelled(CODING_LANGUAGES, CODING_LANGUAGE_LABELS)} />
          </Select>
        </label>
      </div>
      <Suspense
        fallback={
          <p role="status" className="text-sm text-muted-foreground">
            Loading the code editor…
          </p>
        }
      >
        <CodeEditor
          value={code}
          language={language}
          dark={resolved === 'dark'}
          label={`Code editor (${CODING_LANGUAGE_LABELS[language]})`}
          onChange={setCode}
          onTyping={onTyping}
        />
      </Suspense>
      <p className="text-xs text-muted-foreground">
        Tab indents; press Esc then Tab to leave the editor. Your function is{' '}
        <code>{question.coding.entryPoint[language]}</code>. Keep talking while you code: the
        interviewer waits while you type.
      </p>
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={run.isPending || ended || !code.trim()}
          onClick={() => submit('examples')}
        >
          {run.isPending && run.variables?.mode === 'examples' ? (
            <Loader2 className="animate-spin" aria-hidden />
          ) : (
            <Play aria-hidden />
          )}
          Run examples
        </Button>
        <Button disabled={run.isPending || ended || !code.trim()} onClick={() => submit('submit')}>
          {run.isPending && run.variables?.mode === 'submit' ? (
            <Loader2 className="animate-spin" aria-hidden />
          ) : (
            <Send aria-hidden />
          )}
          Submit
        </Button>
      </div>
      {run.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(run.error, 'The code could not be run. Try again.')}
        </p>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {run.isPending ? 'Running your code…' : last ? runSummary(last) : ''}
      </p>
      {last ? (
        <RunResults run={last} />
      ) : (
        <div className="text-sm">
          <p className="font-medium">Examples</p>
          <ul className="mt-1 space-y-1 font-mono text-xs">
            {question.coding.examples.map((e, i) => (
              <li key={i}>
                {question.coding.entryPoint[language]}(
                {(JSON.parse(e.input) as unknown[]).map((a) => JSON.stringify(a)).join(', ')}) →{' '}
                {e.expected}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
