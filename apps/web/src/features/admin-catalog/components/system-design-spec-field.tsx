import {
  systemDesignSpecSchema,
  type BuildingBlock,
  type SystemDesignSpecInput,
} from '@candor/shared';
import { useState } from 'react';
import { TextareaField } from '@/components/ui/input';

/** What a new system-design question starts from: the usual web path to edit. */
export const EMPTY_SYSTEM_DESIGN_SPEC: SystemDesignSpecInput = {
  functionalRequirements: [''],
  nonFunctionalRequirements: [],
  buildingBlocks: [
    { name: 'Client', synonyms: ['browser'] },
    { name: 'Load balancer', synonyms: ['LB', 'nginx'] },
    { name: 'App server', synonyms: ['API', 'service'] },
    { name: 'Database', synonyms: ['DB'] },
  ],
  flows: [['Client', 'Load balancer', 'App server', 'Database']],
  tradeOffs: [],
  scaleFigures: [],
};

/** The first problem with a spec, in the admin's words (the shared schema's messages). */
export function systemDesignSpecError(spec: SystemDesignSpecInput | null | undefined) {
  if (!spec) return null;
  const parsed = systemDesignSpecSchema.safeParse(spec);
  return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'The design spec is invalid');
}

const lines = (text: string) => text.split('\n');

/** "Load balancer: LB, nginx" ⇄ { name, synonyms }: one block a line, easy to paste and read. */
export function blockLine(b: { name: string; synonyms?: string[] }): string {
  return b.synonyms?.length ? `${b.name}: ${b.synonyms.join(', ')}` : b.name;
}
export function parseBlockLine(line: string): BuildingBlock {
  const [name = '', rest = ''] = line.split(/:(.*)/s);
  return {
    name: name.trim(),
    synonyms: rest
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  };
}
/** "Client -> Load balancer -> App server" ⇄ ["Client", "Load balancer", "App server"]. */
export const flowLine = (flow: string[]) => flow.join(' -> ');
export const parseFlowLine = (line: string) =>
  line
    .split(/\s*(?:->|→)\s*/)
    .map((s) => s.trim())
    .filter(Boolean);

/** One list of the spec as a textarea, one entry a line; the text is kept as typed. */
function LinesField({
  id,
  label,
  hint,
  initial,
  onLines,
}: {
  id: string;
  label: string;
  hint: string;
  initial: string;
  onLines: (lines: string[]) => void;
}) {
  const [text, setText] = useState(initial);
  return (
    <TextareaField
      id={id}
      label={label}
      hint={hint}
      rows={3}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onLines(lines(e.target.value));
      }}
    />
  );
}

/**
 * A system-design question's yardstick (issue 29): the requirements to ask about, the building
 * blocks with their other names, the flows that matter, the trade-offs and the figures to estimate
 * with. Candidates see none of it; the interviewer probes with it and the report scores against it.
 */
export function SystemDesignSpecField({
  id,
  value,
  onChange,
}: {
  id: string;
  value: SystemDesignSpecInput;
  onChange: (spec: SystemDesignSpecInput) => void;
}) {
  const error = systemDesignSpecError(value);
  return (
    <fieldset
      className="space-y-3 rounded-md border border-border p-3"
      aria-describedby={`${id}-error`}
    >
      <legend className="px-1 text-sm font-semibold">System-design problem</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <LinesField
          id={`${id}-functional`}
          label="Functional requirements (one per line)"
          hint="What the system must do: the candidate should ask about or state them."
          initial={value.functionalRequirements.join('\n')}
          onLines={(functionalRequirements) => onChange({ ...value, functionalRequirements })}
        />
        <LinesField
          id={`${id}-non-functional`}
          label="Non-functional requirements (one per line)"
          hint="Latency, availability, durability, scale."
          initial={(value.nonFunctionalRequirements ?? []).join('\n')}
          onLines={(nonFunctionalRequirements) => onChange({ ...value, nonFunctionalRequirements })}
        />
        <LinesField
          id={`${id}-blocks`}
          label="Building blocks (one per line: name: synonyms)"
          hint='For example "Load balancer: LB, nginx". Drawn or said, any of the names counts.'
          initial={value.buildingBlocks.map(blockLine).join('\n')}
          onLines={(ls) =>
            onChange({
              ...value,
              buildingBlocks: ls.filter((l) => l.trim() !== '').map(parseBlockLine),
            })
          }
        />
        <LinesField
          id={`${id}-flows`}
          label="Flows (one per line: A -> B -> C)"
          hint="Paths between building blocks that a strong design connects with arrows."
          initial={(value.flows ?? []).map(flowLine).join('\n')}
          onLines={(ls) =>
            onChange({ ...value, flows: ls.filter((l) => l.trim() !== '').map(parseFlowLine) })
          }
        />
        <LinesField
          id={`${id}-trade-offs`}
          label="Trade-offs (one per line: A vs B)"
          hint='For example "SQL vs NoSQL": discussed when both sides are weighed.'
          initial={(value.tradeOffs ?? []).join('\n')}
          onLines={(tradeOffs) => onChange({ ...value, tradeOffs })}
        />
        <LinesField
          id={`${id}-scale`}
          label="Scale figures (one per line)"
          hint="What the interviewer tells a candidate who asks: users, requests, data sizes."
          initial={(value.scaleFigures ?? []).join('\n')}
          onLines={(scaleFigures) => onChange({ ...value, scaleFigures })}
        />
      </div>
      <p id={`${id}-error`} role={error ? 'alert' : undefined} className="text-sm text-destructive">
        {error ?? ''}
      </p>
    </fieldset>
  );
}
