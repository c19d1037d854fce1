import type { ComponentProps } from 'react';
import { CodingPanel } from '@/features/coding/components/coding-panel';
import { WhiteboardPanel } from '@/features/whiteboard/components/whiteboard-panel';

/**
 * The coding round's editor and the whiteboard, beside the conversation (each shows itself only
 * on its own kind of question). One chunk, loaded with the live screen (interview-parts.tsx).
 */
export default function InterviewWorkspace(props: ComponentProps<typeof CodingPanel>) {
  return (
    <>
      <CodingPanel {...props} />
      <WhiteboardPanel {...props} />
    </>
  );
}
