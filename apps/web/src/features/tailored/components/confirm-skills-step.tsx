import {
  EXPERIENCE_LEVELS,
  EXPERIENCE_LEVEL_LABELS,
  FOLLOW_UP_DEPTHS,
  FOLLOW_UP_DEPTH_LABELS,
  TAILORED_SKILL_LIMITS,
  type ExperienceLevel,
  type JobRequirements,
  type ResumeProfile,
} from '@candor/shared';
import { Loader2, Plus, X } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { SelectField, TextField, labelled } from '@/components/ui/input';
import { Banner } from '@/components/ui/states';

export const DURATIONS = [10, 15, 20, 30, 45, 60] as const;

export interface TailoredChoices {
  requirements: JobRequirements;
  duration: number;
  followUpDepth: number;
}

function SkillList({
  label,
  skills,
  onRemove,
}: {
  label: string;
  skills: string[];
  onRemove: (skill: string) => void;
}) {
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-medium">{label}</h3>
      {skills.length === 0 ? (
        <p className="text-sm text-muted-foreground">None.</p>
      ) : (
        <ul className="flex flex-wrap gap-2" aria-label={label}>
          {skills.map((skill) => (
            <li
              key={skill}
              className="inline-flex items-center gap-1 rounded-full border border-border bg-muted py-0.5 pr-1 pl-3 text-sm"
            >
              {skill}
              <button
                type="button"
                className="rounded-full p-1 hover:bg-background focus-visible:outline-2 focus-visible:outline-ring"
                aria-label={`Remove ${skill}`}
                onClick={() => onRemove(skill)}
              >
                <X className="size-3.5" aria-hidden />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * Step two: what the server read, for the candidate to confirm. Skills can be removed and added
 * (to the required ones); the interview is drawn from what is confirmed here.
 */
export function ConfirmSkillsStep({
  found,
  resume,
  creating,
  error,
  onBack,
  onConfirm,
}: {
  found: JobRequirements;
  resume: ResumeProfile | null;
  creating: boolean;
  error: string | null;
  onBack: () => void;
  onConfirm: (choices: TailoredChoices) => void;
}) {
  const [role, setRole] = useState(found.role);
  const [level, setLevel] = useState<ExperienceLevel>(found.level);
  const [required, setRequired] = useState(found.required);
  const [nice, setNice] = useState(found.niceToHave);
  const [adding, setAdding] = useState('');
  const [addError, setAddError] = useState<string | null>(null);
  const [duration, setDuration] = useState(20);
  const [depth, setDepth] = useState(1);
  const [formError, setFormError] = useState<string | null>(null);

  const add = () => {
    const skill = adding.trim().replace(/\s+/g, ' ');
    if (!skill) return;
    const all = [...required, ...nice].map((s) => s.toLowerCase());
    if (all.includes(skill.toLowerCase())) return setAddError(`${skill} is already in your list.`);
    if (skill.length > TAILORED_SKILL_LIMITS.nameMaxChars)
      return setAddError(`A skill is at most ${TAILORED_SKILL_LIMITS.nameMaxChars} characters.`);
    if (required.length >= TAILORED_SKILL_LIMITS.max)
      return setAddError(`At most ${TAILORED_SKILL_LIMITS.max} required skills.`);
    setRequired([...required, skill]);
    setAdding('');
    setAddError(null);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };
  const confirm = () => {
    if (required.length === 0) return setFormError('Keep at least one required skill.');
    if (!role.trim()) return setFormError('The role needs a name.');
    setFormError(null);
    onConfirm({
      requirements: { role: role.trim(), level, required, niceToHave: nice },
      duration,
      followUpDepth: depth,
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-lg">Confirm what the job asks for</CardTitle>
        <p className="text-sm text-muted-foreground">
          Your interview is drawn from these skills. Remove what does not fit, add what we missed.
        </p>
      </CardHeader>
      <CardContent className="space-y-6">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="tailored-role"
            label="Role"
            value={role}
            maxLength={120}
            onChange={(e) => setRole(e.target.value)}
          />
          <SelectField
            id="tailored-level"
            label="Level"
            options={labelled(EXPERIENCE_LEVELS, EXPERIENCE_LEVEL_LABELS)}
            value={level}
            onChange={(e) => setLevel(e.target.value as ExperienceLevel)}
          />
        </div>
        <SkillList
          label="Required skills"
          skills={required}
          onRemove={(s) => setRequired(required.filter((r) => r !== s))}
        />
        <SkillList
          label="Nice to have"
          skills={nice}
          onRemove={(s) => setNice(nice.filter((r) => r !== s))}
        />
        <div className="flex items-end gap-2">
          <div className="flex-1">
            <TextField
              id="tailored-add-skill"
              label="Add a skill"
              error={addError ?? undefined}
              hint="Press Enter to add it to the required skills."
              value={adding}
              onChange={(e) => {
                setAdding(e.target.value);
                setAddError(null);
              }}
              onKeyDown={onKey}
              aria-invalid={Boolean(addError)}
            />
          </div>
          <Button type="button" variant="outline" onClick={add} className="mb-6">
            <Plus className="size-4" aria-hidden /> Add
          </Button>
        </div>
        {resume ? (
          <div className="space-y-2">
            <h3 className="text-sm font-medium">From your résumé</h3>
            {resume.projects.length === 0 ? (
              <p className="text-sm text-muted-foreground">
                No projects found: the interview will not ask about your résumé.
              </p>
            ) : (
              <ul
                className="list-disc space-y-1 pl-5 text-sm"
                aria-label="Projects from your résumé"
              >
                {resume.projects.map((p) => (
                  <li key={p.name}>
                    <span className="font-medium">{p.name}</span>
                    {p.summary && p.summary !== p.name ? ` — ${p.summary}` : ''}
                  </li>
                ))}
              </ul>
            )}
          </div>
        ) : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField
            id="tailored-duration"
            label="Duration"
            options={DURATIONS.map((d) => ({ value: d, label: `${d} minutes` }))}
            value={duration}
            onChange={(e) => setDuration(Number(e.target.value))}
          />
          <SelectField
            id="tailored-follow-ups"
            label="Follow-up questions"
            hint="How often the interviewer digs into a thin answer before moving on."
            options={labelled(FOLLOW_UP_DEPTHS, FOLLOW_UP_DEPTH_LABELS)}
            value={depth}
            onChange={(e) => setDepth(Number(e.target.value))}
          />
        </div>
        {formError || error ? <Banner tone="error">{formError ?? error}</Banner> : null}
        <div className="flex flex-wrap gap-3">
          <Button type="button" variant="outline" onClick={onBack} disabled={creating}>
            Back
          </Button>
          <Button type="button" onClick={confirm} disabled={creating}>
            {creating ? <Loader2 className="size-4 animate-spin" aria-hidden /> : null}
            {creating ? 'Creating…' : 'Start this interview'}
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}
