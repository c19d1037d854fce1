import type { BoardDiagram as Diagram } from '@candor/shared';
import { useId } from 'react';

/**
 * The candidate's final whiteboard, redrawn as plain boxes and arrows (issue 29). It is drawn from
 * the report's own diagram (the server's reading of the stored scene), so the report needs neither
 * the whiteboard component nor its chunk, and it follows the theme through currentColor.
 */

const PAD = 40;
const LABEL_CHARS = 28;

type Box = Diagram['boxes'][number];

const centre = (b: Box) => ({ x: b.x + b.width / 2, y: b.y + b.height / 2 });
const short = (s: string) => (s.length > LABEL_CHARS ? `${s.slice(0, LABEL_CHARS - 1)}…` : s);

/** Where the line from the box's centre towards (tx, ty) leaves the box's rectangle. */
function edgePoint(b: Box, tx: number, ty: number) {
  const c = centre(b);
  const dx = tx - c.x;
  const dy = ty - c.y;
  if (dx === 0 && dy === 0) return c;
  const sx = dx === 0 ? Infinity : b.width / 2 / Math.abs(dx);
  const sy = dy === 0 ? Infinity : b.height / 2 / Math.abs(dy);
  const s = Math.min(sx, sy, 1);
  return { x: c.x + dx * s, y: c.y + dy * s };
}

function Shape({ box }: { box: Box }) {
  const common = {
    fill: 'none',
    stroke: 'currentColor',
    strokeWidth: 2,
  };
  if (box.shape === 'ellipse') {
    const c = centre(box);
    return <ellipse cx={c.x} cy={c.y} rx={box.width / 2} ry={box.height / 2} {...common} />;
  }
  if (box.shape === 'diamond') {
    const c = centre(box);
    const points = [
      `${c.x},${box.y}`,
      `${box.x + box.width},${c.y}`,
      `${c.x},${box.y + box.height}`,
      `${box.x},${c.y}`,
    ].join(' ');
    return <polygon points={points} {...common} />;
  }
  return <rect x={box.x} y={box.y} width={box.width} height={box.height} rx={8} {...common} />;
}

/** The board in words, for a screen reader: its components and its arrows. */
export function describeBoard(diagram: Diagram): string {
  const name = new Map(diagram.boxes.map((b) => [b.id, b.label || 'an unlabelled box']));
  const boxes = diagram.boxes.map((b) => b.label || 'an unlabelled box').join(', ');
  const arrows = diagram.arrows.map((a) => `${name.get(a.from)} to ${name.get(a.to)}`).join('; ');
  return `Your final board: ${diagram.boxes.length} component(s)${boxes ? ` (${boxes})` : ''}${arrows ? `, arrows from ${arrows}` : ', no arrows'}.`;
}

export function BoardDiagram({ diagram }: { diagram: Diagram }) {
  // Two design questions in one report draw two boards: each its own arrowhead id.
  const head = `board-arrow-head-${useId().replace(/:/g, '')}`;
  const byId = new Map(diagram.boxes.map((b) => [b.id, b]));
  const xs = diagram.boxes.flatMap((b) => [b.x, b.x + b.width]);
  const ys = diagram.boxes.flatMap((b) => [b.y, b.y + b.height]);
  const minX = xs.length > 0 ? Math.min(...xs) - PAD : 0;
  const minY = ys.length > 0 ? Math.min(...ys) - PAD : 0;
  const width = xs.length > 0 ? Math.max(...xs) + PAD - minX : 200;
  const height = ys.length > 0 ? Math.max(...ys) + PAD - minY : 100;
  const description = describeBoard(diagram);
  return (
    <figure className="mt-2" data-testid="board-diagram">
      <svg
        role="img"
        aria-label={description}
        viewBox={`${minX} ${minY} ${width} ${height}`}
        className="h-auto max-h-96 w-full rounded-md border border-border bg-background text-foreground"
      >
        <title>{description}</title>
        <defs>
          <marker
            id={head}
            viewBox="0 0 10 10"
            refX="9"
            refY="5"
            markerWidth="8"
            markerHeight="8"
            orient="auto-start-reverse"
          >
            <path d="M 0 0 L 10 5 L 0 10 z" fill="currentColor" />
          </marker>
        </defs>
        {diagram.arrows.map((a, i) => {
          const from = byId.get(a.from);
          const to = byId.get(a.to);
          if (!from || !to) return null;
          const [fc, tc] = [centre(from), centre(to)];
          const start = edgePoint(from, tc.x, tc.y);
          const end = edgePoint(to, fc.x, fc.y);
          return (
            <g key={`${a.from}-${a.to}-${i}`} data-testid="board-arrow">
              <line
                x1={start.x}
                y1={start.y}
                x2={end.x}
                y2={end.y}
                stroke="currentColor"
                strokeWidth={2}
                markerEnd={`url(#${head})`}
              />
              {a.label ? (
                <text
                  x={(start.x + end.x) / 2}
                  y={(start.y + end.y) / 2 - 6}
                  textAnchor="middle"
                  fontSize={13}
                  fill="currentColor"
                  opacity={0.75}
                >
                  {short(a.label)}
                </text>
              ) : null}
            </g>
          );
        })}
        {diagram.boxes.map((b) => {
          const c = centre(b);
          return (
            <g key={b.id} data-testid="board-box">
              <Shape box={b} />
              <text
                x={c.x}
                y={c.y}
                textAnchor="middle"
                dominantBaseline="middle"
                fontSize={15}
                fill="currentColor"
              >
                {short(b.label)}
              </text>
            </g>
          );
        })}
      </svg>
      {diagram.notes.length > 0 ? (
        <figcaption className="mt-1 text-xs text-muted-foreground">
          Notes on the board: {diagram.notes.join(' · ')}
        </figcaption>
      ) : null}
    </figure>
  );
}
