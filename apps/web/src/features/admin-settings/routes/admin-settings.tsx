import { adminPasswordChangeSchema, adminProfileSchema } from '@candor/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { ThemePicker } from '@/components/theme-picker';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TextField } from '@/components/ui/input';
import { Banner, PageHeader } from '@/components/ui/states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiError } from '@/lib/api-client';
import { adminMeQueryOptions, useAdminMe } from '@/lib/session';
import { useChangeAdminPassword } from '../api/change-admin-password';
import { useUpdateAdminProfile } from '../api/update-admin-profile';
import { CreditsSettings } from '../components/credits-settings';

function ProfileTab() {
  const { data: admin } = useAdminMe();
  const save = useUpdateAdminProfile();
  const [banner, setBanner] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const form = useForm<z.input<typeof adminProfileSchema>>({
    resolver: zodResolver(adminProfileSchema),
    mode: 'onTouched',
    values: { firstName: admin?.firstName ?? '', lastName: admin?.lastName ?? '' },
  });
  const { errors } = form.formState;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Admin Profile</CardTitle>
        <CardDescription>Your name as other administrators see it.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="space-y-4"
          noValidate
          onSubmit={form.handleSubmit((v) =>
            save.mutate(v, {
              onSuccess: () =>
                setBanner({ tone: 'success', text: 'Profile updated successfully!' }),
              onError: () =>
                setBanner({ tone: 'error', text: 'Failed to update profile. Please try again.' }),
            }),
          )}
        >
          {banner ? <Banner tone={banner.tone}>{banner.text}</Banner> : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <TextField
              id="admin-first"
              label="First name"
              error={errors.firstName?.message}
              {...form.register('firstName')}
            />
            <TextField
              id="admin-last"
              label="Last name"
              error={errors.lastName?.message}
              {...form.register('lastName')}
            />
          </div>
          <TextField
            id="admin-email"
            label="Email"
            hint="Email cannot be changed"
            value={admin?.email ?? ''}
            readOnly
            className="bg-muted"
          />
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

function SecurityTab() {
  const change = useChangeAdminPassword();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [banner, setBanner] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const form = useForm<z.input<typeof adminPasswordChangeSchema>>({
    resolver: zodResolver(adminPasswordChangeSchema),
    mode: 'onTouched',
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const { errors } = form.formState;
  const onSubmit = form.handleSubmit((v) =>
    change.mutate(v, {
      onSuccess: () => {
        setBanner({
          tone: 'success',
          text: 'Credentials updated successfully! You will be logged out.',
        });
        // The server already ended every session; leave the portal after a moment to read the message.
        setTimeout(() => {
          queryClient.setQueryData(adminMeQueryOptions.queryKey, null);
          navigate('/admin/login', { replace: true });
        }, 2000);
      },
      onError: (err) =>
        setBanner({
          tone: 'error',
          text:
            err instanceof ApiError && err.fields?.currentPassword
              ? err.fields.currentPassword
              : 'Failed to update credentials. Please try again.',
        }),
    }),
  );
  return (
    <Card>
      <CardHeader>
        <CardTitle>Security</CardTitle>
        <CardDescription>
          Change your password. You will be signed out everywhere afterwards.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form className="space-y-4" noValidate onSubmit={onSubmit}>
          {banner ? <Banner tone={banner.tone}>{banner.text}</Banner> : null}
          <TextField
            id="current-password"
            label="Current password"
            error={errors.currentPassword?.message}
            type="password"
            autoComplete="current-password"
            {...form.register('currentPassword')}
          />
          <TextField
            id="new-password"
            label="New password"
            error={errors.newPassword?.message}
            type="password"
            autoComplete="new-password"
            {...form.register('newPassword')}
          />
          <TextField
            id="confirm-password"
            label="Confirm new password"
            error={errors.confirmPassword?.message}
            type="password"
            autoComplete="new-password"
            {...form.register('confirmPassword')}
          />
          <div className="flex justify-end">
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? 'Updating...' : 'Update Password'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

export function AdminSettingsPage() {
  const [tab, setTab] = useState('profile');
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Settings"
        description="Your administrator account, how the portal looks, and interview credits."
      />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList>
          <TabsTrigger value="profile">Admin Profile</TabsTrigger>
          <TabsTrigger value="security">Security</TabsTrigger>
          <TabsTrigger value="appearance">Appearance</TabsTrigger>
          <TabsTrigger value="credits">Credits</TabsTrigger>
        </TabsList>
        <TabsContent value="profile">
          <ProfileTab />
        </TabsContent>
        <TabsContent value="security">
          <SecurityTab />
        </TabsContent>
        <TabsContent value="appearance">
          <ThemePicker />
        </TabsContent>
        <TabsContent value="credits">
          <CreditsSettings />
        </TabsContent>
      </Tabs>
    </div>
  );
}
