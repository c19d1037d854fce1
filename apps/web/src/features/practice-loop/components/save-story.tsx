import { STAR_PARTS, type QuestionReport } from '@candor/shared';
import { BookmarkPlus } from 'lucide-react';
import { Suspense, lazy, useState } from 'react';
import { Button } from '@/components/ui/button';
import { useStories, useStoryDraft } from '../api/stories';
import { PART_LABELS } from './star-parts';
import { StoryUsed } from './story-used';

const loadDialog = () => import('./save-story-dialog');
const SaveStoryDialog = lazy(loadDialog);

/**
 * "Save as a story" under a behavioural answer (issue 30): the answer sorted into situation, task,
 * action and result, pre-filled and editable, saved to My stories.
 */
export function SaveStoryButton({
  interviewId,
  question,
  index,
}: {
  interviewId: string;
  question: QuestionReport;
  index: number;
}) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing plays out and focus returns to the button.
  const [wanted, setWanted] = useState(false);
  const [saved, setSaved] = useState(false);
  const storyAnswer = question.kind === 'behavioural' && question.answer.trim() !== '';
  if (!storyAnswer) return null;
  return (
    <div className="mt-3">
      {question.storyUse ? (
        <StoryUsed use={question.storyUse} index={index} />
      ) : (
        // Reports made before the report judged stories: the draft's reading.
        <StarCoverage interviewId={interviewId} index={index} />
      )}
      <Button
        type="button"
        variant="outline"
        size="sm"
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setWanted(true);
          setOpen(true);
        }}
      >
        <BookmarkPlus className="size-4" aria-hidden />
        Save as a story
      </Button>
      {saved ? (
        <span role="status" className="ml-2 text-xs text-muted-foreground">
          Saved to My stories.
        </span>
      ) : null}
      {wanted ? (
        <Suspense fallback={null}>
          <SaveStoryDialog
            open={open}
            onOpenChange={setOpen}
            interviewId={interviewId}
            index={index}
            onSaved={() => setSaved(true)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}

/**
 * Whether the answer covered each STAR part, and the story saved from it (issue 30): read from
 * the same draft the form is pre-filled with.
 */
function StarCoverage({ interviewId, index }: { interviewId: string; index: number }) {
  const draft = useStoryDraft(interviewId, index, true);
  const stories = useStories();
  const saved = stories.data?.find(
    (s) => s.interviewId === interviewId && s.questionIndex === index,
  );
  if (!draft.data) return null;
  const covered = draft.data.covered;
  return (
    <div className="mb-2 text-sm" data-testid="star-coverage">
      <p>
        <span className="font-medium">STAR: </span>
        {STAR_PARTS.map((p, i) => (
          <span key={p}>
            {i > 0 ? ' · ' : ''}
            {PART_LABELS[p]} {covered[p] ? 'covered' : 'missing'}
          </span>
        ))}
      </p>
      {saved ? (
        <p className="text-muted-foreground">
          Your story: <span className="font-medium">{saved.title}</span>
        </p>
      ) : null}
    </div>
  );
}
