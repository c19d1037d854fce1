import { EXPERIENCE_LEVELS, profileSchema, type ProfileInput } from '@candor/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, Input, Select, Textarea, TextField } from '@/components/ui/input';
import { Banner, LoadingState } from '@/components/ui/states';
import { errorMessage } from '@/lib/api-client';
import { useMe } from '@/lib/session';
import { useUpdateProfile } from '../api/update-profile';

const LEVEL_LABELS = {
  junior: 'Junior (0-2 years)',
  mid: 'Mid-Level (2-5 years)',
  senior: 'Senior (5+ years)',
  staff: 'Staff/Principal',
};

export function ProfileForm() {
  const { data: user } = useMe();
  if (!user) return <LoadingState text="Loading profile..." />;
  return <ProfileFormInner key={user.id} user={user} />;
}

function ProfileFormInner({ user }: { user: NonNullable<ReturnType<typeof useMe>['data']> }) {
  const save = useUpdateProfile();
  const [banner, setBanner] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const form = useForm<ProfileInput>({
    resolver: zodResolver(profileSchema),
    mode: 'onTouched',
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
  // Messages show only for fields the user has touched (or after a submit attempt).
  const { errors, touchedFields, isSubmitted } = form.formState;
  const err = (name: keyof ProfileInput) =>
    touchedFields[name] || isSubmitted ? errors[name]?.message : undefined;

  const onSubmit = form.handleSubmit((values) => {
    setBanner(null);
    save.mutate(values, {
      onSuccess: () => setBanner({ tone: 'success', text: 'Profile updated successfully!' }),
      onError: (e) =>
        setBanner({
          tone: 'error',
          text: errorMessage(e, 'Failed to update profile. Please try again.'),
        }),
    });
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>How you appear and the level your interviews aim at.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          {banner ? <Banner tone={banner.tone}>{banner.text}</Banner> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="profile-first"
              label="First name"
              error={err('firstName')}
              aria-invalid={!!err('firstName')}
              {...form.register('firstName')}
            />
            <TextField
              id="profile-last"
              label="Last name"
              error={err('lastName')}
              aria-invalid={!!err('lastName')}
              {...form.register('lastName')}
            />
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
            <Field id="profile-level" label="Experience level" error={err('experienceLevel')}>
              <Select id="profile-level" {...form.register('experienceLevel')}>
                {EXPERIENCE_LEVELS.map((l) => (
                  <option key={l} value={l}>
                    {LEVEL_LABELS[l]}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          <TextField
            id="profile-location"
            label="Location"
            error={err('location')}
            {...form.register('location')}
          />
          <Field id="profile-bio" label="Bio" error={err('bio')}>
            <Textarea id="profile-bio" rows={4} {...form.register('bio')} />
          </Field>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field id="profile-github" label="GitHub URL" error={err('githubUrl')}>
              <Input
                id="profile-github"
                type="url"
                placeholder="https://github.com/you"
                {...form.register('githubUrl')}
              />
            </Field>
            <Field id="profile-linkedin" label="LinkedIn URL" error={err('linkedinUrl')}>
              <Input
                id="profile-linkedin"
                type="url"
                placeholder="https://linkedin.com/in/you"
                {...form.register('linkedinUrl')}
              />
            </Field>
            <Field id="profile-twitter" label="Twitter URL" error={err('twitterUrl')}>
              <Input
                id="profile-twitter"
                type="url"
                placeholder="https://x.com/you"
                {...form.register('twitterUrl')}
              />
            </Field>
          </div>
          <div className="flex justify-end">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
