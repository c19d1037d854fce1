import {
  codingQuestionIssue,
  questionInputSchema,
  systemDesignQuestionIssue,
} from '@candor/shared';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { SelectField, TextField, TextareaField } from '@/components/ui/input';
import { CodingSpecField, EMPTY_CODING_SPEC } from './coding-spec-field';
import { EMPTY_SYSTEM_DESIGN_SPEC, SystemDesignSpecField } from './system-design-spec-field';
import {
  KeyPointsField,
  KindField,
  NEW_QUESTION,
  QUESTION_DIFFICULTY_OPTIONS,
  TIME_LIMIT_INPUT,
} from './question-fields';

/** The draft as typed: its difficulty comes straight from the select. */
type Draft = Omit<typeof NEW_QUESTION, 'difficulty'> & { difficulty: string };

/**
 * The set form's editor for one new question: checked by the same shared schema as the question
 * modal and the server before it joins the list.
 */
export function QuestionDraft({
  onAdd,
}: {
  onAdd: (question: z.output<typeof questionInputSchema>) => void;
}) {
  const [draft, setDraft] = useState<Draft>(NEW_QUESTION);
  // A new key for the key-point field after each added question, so its text starts empty.
  const [draftNumber, setDraftNumber] = useState(0);
  const [draftError, setDraftError] = useState<string | null>(null);
  const addQuestion = () => {
    const parsed = questionInputSchema.safeParse(draft);
    if (!parsed.success) {
      setDraftError(parsed.error.issues[0]?.message ?? 'Question text is required');
      return;
    }
    const issue = codingQuestionIssue(parsed.data) ?? systemDesignQuestionIssue(parsed.data);
    if (issue) return setDraftError(issue);
    onAdd(parsed.data);
    setDraft(NEW_QUESTION);
    setDraftNumber((n) => n + 1);
    setDraftError(null);
  };
  return (
    <div className="space-y-3 border-t border-border pt-3">
      <TextareaField
        id="draft-question"
        label="Question text"
        error={draftError ?? undefined}
        rows={2}
        value={draft.questionText}
        onChange={(e) => setDraft({ ...draft, questionText: e.target.value })}
      />
      <TextareaField
        id="draft-answer"
        label="Expected answer (optional)"
        rows={2}
        value={draft.expectedAnswer}
        onChange={(e) => setDraft({ ...draft, expectedAnswer: e.target.value })}
      />
      <KeyPointsField
        key={draftNumber}
        id="draft-key-points"
        value={draft.keyPoints}
        onChange={(keyPoints) => setDraft({ ...draft, keyPoints })}
      />
      <div className="grid gap-3 sm:grid-cols-3">
        <KindField
          id="draft-kind"
          value={draft.kind}
          onChange={(kind) =>
            // A coding or system-design question comes with its problem; any other kind has none.
            setDraft({
              ...draft,
              kind,
              coding: kind === 'coding' ? EMPTY_CODING_SPEC : null,
              systemDesign: kind === 'system-design' ? EMPTY_SYSTEM_DESIGN_SPEC : null,
            })
          }
        />
        <SelectField
          id="draft-difficulty"
          label="Question difficulty"
          options={QUESTION_DIFFICULTY_OPTIONS}
          value={draft.difficulty}
          onChange={(e) => setDraft({ ...draft, difficulty: e.target.value })}
        />
        <TextField
          id="draft-time"
          {...TIME_LIMIT_INPUT}
          hint="60–1800, in steps of 30"
          value={draft.timeLimit}
          onChange={(e) => setDraft({ ...draft, timeLimit: Number(e.target.value) })}
        />
      </div>
      {draft.coding ? (
        <CodingSpecField
          id="draft-coding"
          value={draft.coding}
          onChange={(coding) => setDraft({ ...draft, coding })}
        />
      ) : null}
      {draft.systemDesign ? (
        <SystemDesignSpecField
          id="draft-system-design"
          value={draft.systemDesign}
          onChange={(systemDesign) => setDraft({ ...draft, systemDesign })}
        />
      ) : null}
      <Button variant="secondary" onClick={addQuestion}>
        <Plus aria-hidden /> Add Question
      </Button>
    </div>
  );
}
