import { cohortInputSchema, type Cohort, type CohortInput, type PersonRef } from '@candor/shared';
import { useWatch } from 'react-hook-form';
import { FormActions, fieldProps, useEditForm, type EditFormProps } from '@/components/ui/form';
import { Checkbox, TextField } from '@/components/ui/input';

const DEFAULTS = { name: '', startsOn: '', endsOn: '', emailDomain: '', coachIds: [] as string[] };

/** A cohort as the form edits it: its coaches by id, no domain as ''. */
const editable = (c: Cohort) => ({
  name: c.name,
  startsOn: c.startsOn,
  endsOn: c.endsOn,
  emailDomain: c.emailDomain ?? '',
  coachIds: c.coaches.map((coach) => coach.id),
});

/**
 * A cohort's name, dates, e-mail domain and coaches: the coaches are the accounts with the coach
 * role (made from the Candidates page), each ticked or not.
 */
export function CohortForm({
  initial,
  coaches,
  busy,
  onSubmit,
  onCancel,
}: EditFormProps<Cohort, CohortInput> & { coaches: PersonRef[] }) {
  const form = useEditForm(cohortInputSchema, DEFAULTS, initial ? editable(initial) : undefined);
  const chosen = useWatch({ control: form.control, name: 'coachIds' }) ?? [];
  const coachError = form.formState.errors.coachIds?.message;
  const toggle = (id: string, on: boolean) =>
    form.setValue('coachIds', on ? [...chosen, id] : chosen.filter((c: string) => c !== id), {
      shouldDirty: true,
    });
  return (
    <form className="space-y-4" noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <TextField label="Name" {...fieldProps(form, 'name', 'cohort-name')} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Starts on"
          type="date"
          {...fieldProps(form, 'startsOn', 'cohort-start')}
        />
        <TextField label="Ends on" type="date" {...fieldProps(form, 'endsOn', 'cohort-end')} />
      </div>
      <TextField
        label="E-mail domain (optional)"
        placeholder="school.edu"
        hint="New sign-ups with a verified address at exactly this domain join the cohort (Google, GitHub or single sign-on vouch for the address; an e-mail and password sign-up does not join)."
        {...fieldProps(form, 'emailDomain', 'cohort-domain')}
      />
      <fieldset
        className="space-y-2"
        aria-describedby={coachError ? 'cohort-coaches-error' : undefined}
      >
        <legend className="text-sm font-medium">Coaches</legend>
        {coaches.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No coaches yet: make one from the Candidates page (open a candidate, then Make coach).
          </p>
        ) : (
          coaches.map((coach) => (
            <label key={coach.id} className="flex items-center gap-2 text-sm">
              <Checkbox
                checked={chosen.includes(coach.id)}
                onChange={(e) => toggle(coach.id, e.target.checked)}
              />
              {coach.name} <span className="text-muted-foreground">{coach.email}</span>
            </label>
          ))
        )}
        {coachError ? (
          <p
            id="cohort-coaches-error"
            role="alert"
            className="text-xs font-medium text-destructive"
          >
            {coachError}
          </p>
        ) : null}
      </fieldset>
      <FormActions onCancel={onCancel} busy={busy}>
        {initial ? 'Save Changes' : 'Create Cohort'}
      </FormActions>
    </form>
  );
}
