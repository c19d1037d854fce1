import { WHITEBOARD_LIMITS, type WhiteboardScene } from '@candor/shared';
import { ApiError, errorMessage } from '@/lib/api-client';

export type SaveStatus = 'saved' | 'pending' | 'saving' | 'stale' | 'error';

/**
 * The board's saving, apart from any drawing component: the last scene is written once drawing
 * has paused (debounced), one save at a time, each from the version the previous one made. A
 * refusal as stale stops saving (another window owns the board now) until the page is reloaded.
 */
export function createBoardSaver(options: {
  version: number;
  save: (baseVersion: number, scene: WhiteboardScene) => Promise<{ version: number }>;
  onStatus: (status: SaveStatus, message?: string) => void;
  debounceMs?: number;
}) {
  let version = options.version;
  let pending: WhiteboardScene | null = null;
  let timer: ReturnType<typeof setTimeout> | null = null;
  let running: Promise<void> | null = null;
  let stopped = false;

  const flush = async (): Promise<void> => {
    if (timer) clearTimeout(timer);
    timer = null;
    if (running) await running;
    if (!pending || stopped) return;
    const scene = pending;
    pending = null;
    options.onStatus('saving');
    running = options
      .save(version, scene)
      .then((saved) => {
        version = saved.version;
        options.onStatus(pending ? 'pending' : 'saved');
      })
      .catch((err: unknown) => {
        if (err instanceof ApiError && err.code === 'WHITEBOARD_STALE') {
          stopped = true;
          options.onStatus('stale', err.message);
        } else {
          // Kept for the next change or flush: a network blip loses nothing.
          pending ??= scene;
          options.onStatus('error', errorMessage(err));
        }
      })
      .finally(() => {
        running = null;
      });
    await running;
  };

  return {
    change(scene: WhiteboardScene) {
      if (stopped) return;
      pending = scene;
      options.onStatus('pending');
      if (timer) clearTimeout(timer);
      timer = setTimeout(
        () => void flush(),
        options.debounceMs ?? WHITEBOARD_LIMITS.saveDebounceMs,
      );
    },
    flush,
    get version() {
      return version;
    },
  };
}
