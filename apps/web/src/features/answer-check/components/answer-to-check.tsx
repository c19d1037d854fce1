import { MAX_ANSWER_CHARS, type ConversationMessage } from '@candor/shared';
import { useEffect, useRef, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Field, Textarea } from '@/components/ui/input';
import { ApiError, errorMessage } from '@/lib/api-client';

/** The server's words for an empty correction, said before asking it. */
export const EMPTY_CORRECTION = 'Write the answer as you said it (it cannot be empty)';

/**
 * One spoken answer as it was recognised, with its recording when there is one, and the way to
 * correct it: Correct opens the text to edit (Escape or Cancel leaves it unchanged), Save stores
 * the correction. A corrected answer says so and keeps what was recognised one click away.
 */
export function AnswerToCheck({
  number,
  question,
  answer,
  recordingUrl,
  onSave,
  onEditingChange,
}: {
  /** 1-based, as the candidate reads the list. */
  number: number;
  /** What the interviewer had asked (null when nothing came before the answer). */
  question: string | null;
  answer: ConversationMessage;
  /** The answer's recording, when it was kept (played beside the text). */
  recordingUrl?: string;
  onSave: (text: string) => Promise<unknown>;
  /** Whether this answer holds a change not saved yet. */
  onEditingChange: (unsaved: boolean) => void;
}) {
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(answer.message);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const corrected = answer.meta?.corrected === true;
  const fieldId = `answer-${answer.id}`;

  useEffect(() => {
    // Back from editing: the keyboard lands where it left, on this answer's Correct button.
    if (!editing && returnFocus.current) {
      returnFocus.current = false;
      editButton.current?.focus();
    }
  }, [editing]);

  const close = () => {
    returnFocus.current = true;
    setEditing(false);
    setError(null);
    onEditingChange(false);
  };

  const save = async () => {
    const text = draft.trim();
    if (text === '') return setError(EMPTY_CORRECTION);
    if (text === answer.message) return close();
    setSaving(true);
    setError(null);
    try {
      await onSave(text);
      close();
    } catch (err) {
      setError(
        err instanceof ApiError && err.fields?.text
          ? err.fields.text
          : errorMessage(err, 'Your correction could not be saved. Try again.'),
      );
    } finally {
      setSaving(false);
    }
  };

  return (
    <li className="space-y-3 rounded-lg border bg-card p-4" aria-labelledby={`${fieldId}-title`}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 id={`${fieldId}-title`} className="font-semibold">
          Answer {number}
        </h2>
        {corrected ? <Badge tone="blue">Corrected</Badge> : null}
      </div>
      {question ? (
        <p className="text-sm text-muted-foreground">
          <span className="font-medium">Question:</span> {question}
        </p>
      ) : null}
      {recordingUrl ? (
        <audio
          controls
          preload="none"
          src={recordingUrl}
          className="w-full"
          aria-label={`Your recording of answer ${number}`}
        />
      ) : null}
      {editing ? (
        <div className="space-y-2">
          <Field id={fieldId} label={`Answer ${number} as you said it`} error={error ?? undefined}>
            <Textarea
              id={fieldId}
              rows={6}
              autoFocus
              value={draft}
              maxLength={MAX_ANSWER_CHARS}
              aria-invalid={!!error}
              onChange={(e) => {
                setDraft(e.target.value);
                onEditingChange(e.target.value.trim() !== answer.message);
              }}
              onKeyDown={(e) => {
                if (e.key === 'Escape') {
                  e.preventDefault();
                  setDraft(answer.message);
                  close();
                }
              }}
            />
          </Field>
          <div className="flex flex-wrap gap-2">
            <Button size="sm" onClick={() => void save()} disabled={saving}>
              {saving ? 'Saving...' : 'Save correction'}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={saving}
              onClick={() => {
                setDraft(answer.message);
                close();
              }}
            >
              Cancel
            </Button>
          </div>
        </div>
      ) : (
        <>
          <p className="whitespace-pre-wrap text-sm" data-testid="answer-text">
            {answer.message}
          </p>
          {corrected && answer.meta?.original ? (
            <details className="text-xs">
              <summary className="cursor-pointer text-muted-foreground">
                Show what was recognised
              </summary>
              <p className="mt-1 whitespace-pre-wrap text-sm">{answer.meta.original}</p>
            </details>
          ) : null}
          <Button
            ref={editButton}
            size="sm"
            variant="outline"
            aria-describedby={`${fieldId}-title`}
            onClick={() => {
              setDraft(answer.message);
              setEditing(true);
            }}
          >
            Correct this answer
          </Button>
        </>
      )}
    </li>
  );
}
