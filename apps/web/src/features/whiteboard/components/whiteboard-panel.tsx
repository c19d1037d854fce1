import type { WhiteboardScene } from '@candor/shared';
import { Suspense, lazy, useEffect, useMemo, useState } from 'react';
import { useTheme } from '@/lib/theme';
import { useWhiteboard } from '../api/get-whiteboard';
import { saveWhiteboard } from '../api/save-whiteboard';
import { createBoardSaver, type SaveStatus } from './board-saver';

// The drawing component is large: it loads only when a system-design question is on screen.
const Board = lazy(() => import('./board'));

const STATUS_TEXT: Record<SaveStatus, string> = {
  saved: 'Saved',
  pending: 'Unsaved changes…',
  saving: 'Saving…',
  stale: '',
  error: '',
};

/**
 * The whiteboard beside the conversation while the current question is a system-design one (issue
 * 29): the candidate draws the design as they talk it through, and the board is saved as they go.
 */
export function WhiteboardPanel(props: {
  attemptId: string;
  questionIndex: number | null;
  ended: boolean;
  onTyping?: () => void;
}) {
  const board = useWhiteboard(props.attemptId, props.questionIndex);
  if (props.questionIndex === null || !board.data?.designing) return null;
  return (
    <Surface
      key={props.questionIndex}
      attemptId={props.attemptId}
      questionIndex={props.questionIndex}
      version={board.data.version}
      initial={board.data.scene}
      ended={props.ended}
      onTyping={props.onTyping}
    />
  );
}

function Surface({
  attemptId,
  questionIndex,
  version,
  initial,
  ended,
  onTyping,
}: {
  attemptId: string;
  questionIndex: number;
  version: number;
  initial: WhiteboardScene;
  ended: boolean;
  onTyping?: () => void;
}) {
  const { resolved } = useTheme();
  const [status, setStatus] = useState<{ status: SaveStatus; message?: string }>({
    status: 'saved',
  });
  const saver = useMemo(
    () =>
      createBoardSaver({
        version,
        save: (baseVersion, scene) =>
          saveWhiteboard(attemptId, { questionIndex, baseVersion, scene }),
        onStatus: (s, message) => setStatus({ status: s, message }),
      }),
    // One saver per board: the version it starts from is the one read when the board opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [attemptId, questionIndex],
  );
  // What was drawn is saved when the question changes or the page is left, not lost to the delay.
  useEffect(() => {
    const leave = () => void saver.flush();
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      void saver.flush();
    };
  }, [saver]);
  const note =
    status.status === 'stale' || status.status === 'error'
      ? status.message
      : STATUS_TEXT[status.status];
  return (
    <section
      aria-label="Whiteboard"
      className="flex w-full max-w-4xl shrink-0 flex-col gap-2 rounded-lg border border-border bg-card p-3 text-left"
    >
      <div className="flex items-center justify-between gap-2">
        <h2 className="text-sm font-semibold">Whiteboard</h2>
        <p
          role={status.status === 'stale' || status.status === 'error' ? 'alert' : 'status'}
          className="text-xs text-muted-foreground"
          data-save-status={status.status}
        >
          {ended ? 'The interview has ended: the board is read-only.' : note}
        </p>
      </div>
      <div
        className="h-[28rem] w-full overflow-hidden rounded-md border border-border"
        data-testid="whiteboard"
      >
        <Suspense
          fallback={
            <p role="status" className="p-3 text-sm text-muted-foreground">
              Loading the whiteboard…
            </p>
          }
        >
          <Board
            initial={initial}
            dark={resolved === 'dark'}
            readOnly={ended || status.status === 'stale'}
            onScene={(scene) => {
              onTyping?.();
              saver.change(scene);
            }}
          />
        </Suspense>
      </div>
    </section>
  );
}
