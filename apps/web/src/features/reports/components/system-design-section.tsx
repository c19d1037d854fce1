import type { SystemDesignReport } from '@candor/shared';
import type { ReactNode } from 'react';
import { BoardDiagram } from './board-diagram';

/**
 * A system-design question's part of the report (issue 29): the final board, and a checklist of
 * what the design was expected to cover, each item ticked only with its evidence beside it (the
 * component drawn, or the candidate's words) and left unticked otherwise.
 */

function Item({
  label,
  ticked,
  children,
}: {
  label: string;
  ticked: boolean;
  children: ReactNode;
}) {
  return (
    <li className="flex items-start gap-2">
      <input
        type="checkbox"
        checked={ticked}
        readOnly
        disabled
        aria-label={label}
        className="mt-0.5 shrink-0 accent-primary"
      />
      <span>
        <span className={ticked ? 'font-medium' : 'text-muted-foreground'}>{label}</span>
        {children ? <span className="text-muted-foreground"> — {children}</span> : null}
      </span>
    </li>
  );
}

function Checklist({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="rounded-md bg-muted p-2 text-xs">
      <h4 className="font-semibold">{title}</h4>
      <ul className="mt-1 space-y-1" aria-label={title}>
        {children}
      </ul>
    </div>
  );
}

const quote = (s: string) => <q className="italic">{s}</q>;

export function SystemDesignSection({ design }: { design: SystemDesignReport }) {
  return (
    <section
      className="mt-3 space-y-2 text-sm"
      aria-label="Your design"
      data-testid="system-design-section"
    >
      {design.diagram ? (
        <BoardDiagram diagram={design.diagram} />
      ) : (
        <p className="text-muted-foreground">Nothing was drawn on the whiteboard.</p>
      )}
      <div className="grid gap-2 sm:grid-cols-2">
        <Checklist title="Building blocks">
          {design.blocks.map((b) => (
            <Item key={b.name} label={b.name} ticked={b.drawnAs !== null || b.saidIn !== null}>
              {b.drawnAs !== null ? (
                <>drawn as {quote(b.drawnAs)}</>
              ) : b.saidIn !== null ? (
                <>named, not drawn: {quote(b.saidIn)}</>
              ) : (
                'not drawn or named'
              )}
            </Item>
          ))}
        </Checklist>
        <Checklist title="Requirements">
          {design.requirements.map((r) => (
            <Item key={r.requirement} label={r.requirement} ticked={r.quote !== null}>
              {r.quote !== null ? quote(r.quote) : 'not stated or asked about'}
            </Item>
          ))}
        </Checklist>
        {design.flows.length > 0 ? (
          <Checklist title="Flows">
            {design.flows.map((f) => (
              <Item key={f.path.join('>')} label={f.path.join(' → ')} ticked={f.connected}>
                {f.connected ? 'connected by arrows' : 'not connected end to end'}
              </Item>
            ))}
          </Checklist>
        ) : null}
        {design.tradeOffs.length > 0 ? (
          <Checklist title="Trade-offs">
            {design.tradeOffs.map((t) => (
              <Item key={t.tradeOff} label={t.tradeOff} ticked={t.quote !== null}>
                {t.quote !== null ? quote(t.quote) : 'not discussed'}
              </Item>
            ))}
          </Checklist>
        ) : null}
      </div>
      <div className="rounded-md bg-muted p-2 text-xs">
        <h4 className="font-semibold">Estimates</h4>
        {design.estimates.length > 0 ? (
          <ul className="mt-1 list-disc space-y-1 pl-4" aria-label="Estimates">
            {design.estimates.map((e) => (
              <li key={e}>{quote(e)}</li>
            ))}
          </ul>
        ) : (
          <p className="text-muted-foreground">
            No estimate: no traffic, storage or load figure was said.
          </p>
        )}
      </div>
    </section>
  );
}
