import '@excalidraw/excalidraw/index.css';
import { Excalidraw } from '@excalidraw/excalidraw';
import type { WhiteboardScene } from '@candor/shared';
import { useRef } from 'react';

// The drawing component's fonts are served from its own site by default: this page loads nothing
// from elsewhere (the CSP says so too), so they come from our origin, or the browser's fallback.
(window as { EXCALIDRAW_ASSET_PATH?: string }).EXCALIDRAW_ASSET_PATH = '/';

/** A cheap fingerprint of the drawing: the component calls onChange on every pointer move. */
const fingerprint = (elements: readonly { id: string; version: number; isDeleted: boolean }[]) =>
  elements.map((e) => `${e.id}:${e.version}:${e.isDeleted ? 1 : 0}`).join(',');

/**
 * The drawing surface (Excalidraw, MIT), loaded as its own chunk only when a system-design question
 * is on screen. It reports the scene (deleted elements left out) each time the drawing changes.
 */
export default function Board({
  initial,
  dark,
  readOnly,
  onScene,
}: {
  initial: WhiteboardScene;
  dark: boolean;
  readOnly: boolean;
  onScene: (scene: WhiteboardScene) => void;
}) {
  const last = useRef<string | null>(null);
  return (
    <Excalidraw
      initialData={{
        elements: initial.elements as never,
        appState: { viewBackgroundColor: dark ? '#121212' : '#ffffff' },
        scrollToContent: true,
      }}
      theme={dark ? 'dark' : 'light'}
      viewModeEnabled={readOnly}
      UIOptions={{ canvasActions: { loadScene: false, saveToActiveFile: false, export: false } }}
      onChange={(elements) => {
        const print = fingerprint(elements);
        if (last.current === null) {
          last.current = print;
          return;
        }
        if (print === last.current) return;
        last.current = print;
        onScene({
          elements: elements.filter((e) => !e.isDeleted) as unknown as WhiteboardScene['elements'],
        });
      }}
    />
  );
}
