import { EXPERIENCE_LEVELS, EXPERIENCE_LEVEL_LABELS, profileSchema } from '@candor/shared';
import { useState } from 'react';
import { FormCard, fieldProps, useZodForm, type FormNotice } from '@/components/ui/form';
import { SelectField, TextField, TextareaField, labelled } from '@/components/ui/input';
import { LoadingState } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import { useMe } from '@/lib/session';
import { useUpdateProfile } from '../api/update-profile';

/** The candidate's public links: field, id, label and an example address. */
const LINKS = [
  ['githubUrl', 'profile-github', 'GitHub URL', 'https://github.com/you'],
  ['linkedinUrl', 'profile-linkedin', 'LinkedIn URL', 'https://linkedin.com/in/you'],
  ['twitterUrl', 'profile-twitter', 'Twitter URL', 'https://x.com/you'],
] as const;

export function ProfileForm() {
  const { data: user } = useMe();
  if (!user) return <LoadingState text="Loading profile..." />;
  return <ProfileFormInner key={user.id} user={user} />;
}

function ProfileFormInner({ user }: { user: NonNullable<ReturnType<typeof useMe>['data']> }) {
  const save = useUpdateProfile();
  const [notice, setNotice] = useState<FormNotice>(null);
  const form = useZodForm(profileSchema, {
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      experienceLevel: user.experienceLevel,
      bio: user.bio ?? '',
      location: user.location ?? '',
      githubUrl: user.githubUrl ?? '',
      linkedinUrl: user.linkedinUrl ?? '',
      twitterUrl: user.twitterUrl ?? '',
    },
  });

  const onSubmit = form.handleSubmit((values) => {
    setNotice(null);
    save.mutate(values, {
      onSuccess: () => setNotice({ tone: 'success', text: 'Profile updated successfully!' }),
      onError: (e) =>
        setNotice({
          tone: 'error',
          text: errorMessage(e, 'Failed to update profile. Please try again.'),
        }),
    });
  });

  return (
    <FormCard
      title="Profile"
      description="How you appear and the level your interviews aim at."
      notice={notice}
      onSubmit={onSubmit}
      pending={save.isPending}
      pendingLabel="Saving..."
      submitLabel="Save Changes"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" {...fieldProps(form, 'firstName', 'profile-first')} />
        <TextField label="Last name" {...fieldProps(form, 'lastName', 'profile-last')} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          id="profile-email"
          label="Email"
          hint="Email cannot be changed"
          type="email"
          value={user.email}
          readOnly
          aria-readonly
          className="bg-muted"
        />
        <SelectField
          label="Experience level"
          options={labelled(EXPERIENCE_LEVELS, EXPERIENCE_LEVEL_LABELS)}
          {...fieldProps(form, 'experienceLevel', 'profile-level')}
        />
      </div>
      <TextField label="Location" {...fieldProps(form, 'location', 'profile-location')} />
      <TextareaField label="Bio" rows={4} {...fieldProps(form, 'bio', 'profile-bio')} />
      <div className="grid gap-4 sm:grid-cols-3">
        {LINKS.map(([name, id, label, placeholder]) => (
          <TextField
            key={name}
            label={label}
            type="url"
            placeholder={placeholder}
            {...fieldProps(form, name, id)}
          />
        ))}
      </div>
    </FormCard>
  );
}
