import type { DesignEvidence } from '../../ai/report-input';
import type { QuestionSnapshot } from '../../db/schema';
import { boardAsText, boardDiagram, readBoard } from '../whiteboard';

/** A board as stored: the question it belongs to and its last saved scene. */
export interface StoredBoard {
  questionIndex: number;
  scene: unknown;
}

/**
 * A system-design question's evidence (issue 29): its spec as the attempt started with it, and its
 * final board read as a graph, as text and as a diagram. Undefined for any other question, and for
 * a system-design question whose spec is missing (an attempt from before the spec existed).
 */
export function designEvidence(
  q: QuestionSnapshot,
  index: number,
  boards: readonly StoredBoard[],
): DesignEvidence | undefined {
  if (q.kind !== 'system-design' || !q.systemDesign) return undefined;
  const scene = boards.find((b) => b.questionIndex === index)?.scene ?? { elements: [] };
  const graph = readBoard(scene);
  return {
    spec: q.systemDesign,
    graph,
    diagram: boardDiagram(scene, graph),
    boardText: boardAsText(graph),
  };
}
