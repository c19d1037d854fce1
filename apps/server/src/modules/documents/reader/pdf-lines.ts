/**
 * A PDF's text rebuilt from where its pieces sit on the page (issue 28: "PDF bullets cut at line
 * wraps and duplicated"). pdf.js gives runs of text with their positions, in the order the file
 * draws them; this turns them back into the lines a reader sees:
 * - runs on one baseline are one line (in drawing order, so two columns stay apart);
 * - a run drawn twice on the same spot (fake bold, a shadow) counts once;
 * - a line that carries on a bullet (it starts under the bullet's text, just below it, with no
 *   bullet of its own) is joined to it, and so is a line that carries on a full line of prose;
 * - a line repeated at the top or the bottom of several pages (a running header or footer) is
 *   kept once, and page numbers ("Page 2 of 3", "2 / 3", "– 2 –") are dropped.
 * Pure: the reader's child (parse.ts) collects the runs, the tests feed their own.
 */

export interface PdfRun {
  str: string;
  /** Where the run starts and its baseline, in page units (pdf.js's transform[4] and [5]). */
  x: number;
  y: number;
  width: number;
  /** The font's size on the page. */
  height: number;
}

interface Line {
  text: string;
  x: number;
  /** Where the text after a bullet starts (x when there is no bullet). */
  textX: number;
  y: number;
  right: number;
  height: number;
  bullet: boolean;
}

const BULLET_ALONE = /^[•●▪◦‣■□➢►✓✔*–-]$/;
const BULLET_LEAD = /^[•●▪◦‣■□➢►✓✔*–-]\s+/;

/** A run that repeats one already on the page at (almost) the same place. */
function drawnTwice(run: PdfRun, seen: PdfRun[]): boolean {
  const near = Math.max(1, run.height * 0.2);
  return seen.some(
    (s) => s.str === run.str && Math.abs(s.x - run.x) <= near && Math.abs(s.y - run.y) <= near,
  );
}

/** The page's runs as lines, in drawing order. */
function linesOf(runs: PdfRun[]): Line[] {
  const lines: Line[] = [];
  const seen: PdfRun[] = [];
  for (const run of runs) {
    if (run.str.trim() === '') continue;
    if (drawnTwice(run, seen)) continue;
    seen.push(run);
    const height = run.height > 0 ? run.height : 10;
    const line = lines.at(-1);
    const sameLine =
      line !== undefined &&
      Math.abs(run.y - line.y) <= Math.max(line.height, height) * 0.5 &&
      run.x >= line.right - height;
    if (!sameLine) {
      const bullet = BULLET_ALONE.test(run.str.trim()) || BULLET_LEAD.test(run.str.trim());
      lines.push({
        text: run.str.trimEnd(),
        x: run.x,
        textX: bulletTextX(run),
        y: run.y,
        right: run.x + run.width,
        height,
        bullet,
      });
      continue;
    }
    const gap = run.x - line.right;
    const spaced = line.text.endsWith(' ') || run.str.startsWith(' ') || gap <= height * 0.12;
    if (BULLET_ALONE.test(line.text.trim()) && line.textX === line.x) line.textX = run.x;
    line.text = `${line.text}${spaced ? '' : ' '}${run.str}`.trimEnd();
    line.right = Math.max(line.right, run.x + run.width);
  }
  return lines;
}

/** Where a bullet's text starts: the run's own text after "• " (by its share of the width). */
function bulletTextX(run: PdfRun): number {
  const text = run.str.trim();
  const lead = BULLET_LEAD.exec(text);
  if (!lead || text.length === 0) return run.x;
  return run.x + (run.width * lead[0].length) / text.length;
}

const PAGE_NUMBER = /^(?:page\s+)?[–—-]?\s*\d{1,3}\s*[–—-]?(?:\s*(?:\/|of)\s*\d{1,3})?$/i;
const SENTENCE_END = /[.!?:]$/;

/** One page's lines with wrapped bullets and wrapped prose joined. */
function joinWrapped(lines: Line[]): Line[] {
  // The right edge of a full line, for each left edge (a column, or a bullet's text).
  const rights = new Map<number, number>();
  const rightOf = (x: number) => {
    let right = rights.get(x);
    if (right === undefined) {
      right = Math.max(...lines.filter((l) => Math.abs(l.x - x) <= 30).map((l) => l.right));
      rights.set(x, right);
    }
    return right;
  };
  const out: Line[] = [];
  let last: Line | null = null; // the physical line `out.at(-1)` ends with
  for (const line of lines) {
    const into = out.at(-1);
    if (into && last && !line.bullet) {
      const step = last.y - line.y;
      const closeBelow = step > 0 && step <= Math.max(last.height, line.height) * 1.6;
      const sameSize = Math.abs(last.height - line.height) <= 0.5;
      // Under the bullet's text (a hanging indent), past the bullet itself.
      const underBullet = into.bullet && line.x >= into.textX - 1.5 && line.x > into.x + 1.5;
      // Prose that reached the column's edge, and the next line at the same left edge.
      const full = last.right >= rightOf(last.x) - 0.2 * (rightOf(last.x) - last.x);
      const carriedProse =
        Math.abs(line.x - last.x) <= 1.5 &&
        full &&
        (!SENTENCE_END.test(last.text) || /^\p{Ll}/u.test(line.text));
      if (closeBelow && sameSize && (underBullet || carriedProse)) {
        const hyphen = into.text.endsWith('-') && /^\p{Ll}/u.test(line.text);
        into.text = hyphen ? into.text + line.text : `${into.text} ${line.text}`;
        last = line;
        continue;
      }
    }
    out.push({ ...line });
    last = line;
  }
  return out;
}

/** The text of a PDF's pages (each page's runs in drawing order), rebuilt as a reader sees it. */
export function textOfPdfPages(pages: PdfRun[][]): string {
  const joined = pages.map((runs) => joinWrapped(linesOf(runs)));
  // A running header or footer: a short line, no list item, at the same height of the page.
  const key = (l: Line) =>
    l.bullet || l.text.length > 100
      ? null
      : `${Math.round(l.y / 6)}|${l.text.toLowerCase().replace(/\d+/g, '#').replace(/\s+/g, ' ').trim()}`;
  const edgesOf = (page: Line[]) => new Set([...page.slice(0, 2), ...page.slice(-2)]);
  // Lines at a page's edges (its first two and last two) seen on more than one page.
  const edgeCount = new Map<string, number>();
  for (const page of joined) {
    const keys = new Set([...edgesOf(page)].map(key));
    for (const k of keys) if (k !== null) edgeCount.set(k, (edgeCount.get(k) ?? 0) + 1);
  }
  const kept = new Set<string>();
  return joined
    .map((page) => {
      const edge = edgesOf(page);
      return page
        .filter((line) => {
          if (!edge.has(line)) return true;
          if (PAGE_NUMBER.test(line.text.trim())) return false;
          const k = key(line);
          if (k === null || (edgeCount.get(k) ?? 0) < 2) return true;
          // A running header or footer: kept where it first appears.
          if (kept.has(k)) return false;
          kept.add(k);
          return true;
        })
        .map((line) => line.text)
        .join('\n');
    })
    .join('\n\n');
}
