/** The whiteboard of a system-design question (issue 29), as other modules read it. */
export { boardOf, boardsOf } from './service';
export { boardAsText, readBoard } from './graph';
export { boardDiagram } from './diagram';
