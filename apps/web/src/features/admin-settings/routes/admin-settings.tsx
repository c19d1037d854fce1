import { adminPasswordChangeSchema, adminProfileSchema } from '@candor/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ThemePicker } from '@/components/theme-picker';
import { INPUT, FormCard, fieldProps, useZodForm, type FormNotice } from '@/components/ui/form';
import { TextField } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { ApiError } from '@/lib/api-client';
import { adminMeQueryOptions, useAdminMe, useIsAdministrator } from '@/lib/session';
import { useChangeAdminPassword } from '../api/change-admin-password';
import { useUpdateAdminProfile } from '../api/update-admin-profile';
import { CreditsSettings } from '../components/credits-settings';

function ProfileTab() {
  const { data: admin } = useAdminMe();
  const save = useUpdateAdminProfile();
  const [notice, setNotice] = useState<FormNotice>(null);
  const form = useZodForm(adminProfileSchema, {
    values: { firstName: admin?.firstName ?? '', lastName: admin?.lastName ?? '' },
  });
  const onSubmit = form.handleSubmit((v) =>
    save.mutate(v, {
      onSuccess: () => setNotice({ tone: 'success', text: 'Profile updated successfully!' }),
      onError: () =>
        setNotice({ tone: 'error', text: 'Failed to update profile. Please try again.' }),
    }),
  );
  return (
    <FormCard
      title="Admin Profile"
      description="Your name as other administrators see it."
      notice={notice}
      onSubmit={onSubmit}
      pending={save.isPending}
      pendingLabel="Saving..."
      submitLabel="Save Changes"
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label="First name" {...fieldProps(form, 'firstName', 'admin-first')} />
        <TextField label="Last name" {...fieldProps(form, 'lastName', 'admin-last')} />
      </div>
      <TextField
        id="admin-email"
        label="Email"
        hint="Email cannot be changed"
        value={admin?.email ?? ''}
        readOnly
        className="bg-muted"
      />
    </FormCard>
  );
}

function SecurityTab() {
  const change = useChangeAdminPassword();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<FormNotice>(null);
  const form = useZodForm(adminPasswordChangeSchema, {
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const onSubmit = form.handleSubmit((v) =>
    change.mutate(v, {
      onSuccess: () => {
        setNotice({
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
        setNotice({
          tone: 'error',
          text:
            err instanceof ApiError && err.fields?.currentPassword
              ? err.fields.currentPassword
              : 'Failed to update credentials. Please try again.',
        }),
    }),
  );
  return (
    <FormCard
      title="Security"
      description="Change your password. You will be signed out everywhere afterwards."
      notice={notice}
      onSubmit={onSubmit}
      pending={change.isPending}
      pendingLabel="Updating..."
      submitLabel="Update Password"
    >
      <TextField
        label="Current password"
        {...INPUT.currentPassword}
        {...fieldProps(form, 'currentPassword', 'current-password')}
      />
      <TextField
        label="New password"
        {...INPUT.newPassword}
        {...fieldProps(form, 'newPassword', 'new-password')}
      />
      <TextField
        label="Confirm new password"
        {...INPUT.newPassword}
        {...fieldProps(form, 'confirmPassword', 'confirm-password')}
      />
    </FormCard>
  );
}

export function AdminSettingsPage() {
  const [tab, setTab] = useState('profile');
  // Credits are the platform's: administrators only (decision 046).
  const administrator = useIsAdministrator();
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Settings"
        description={
          administrator
            ? 'Your administrator account, how the portal looks, and interview credits.'
            : 'Your account and how the portal looks.'
        }
      />
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList>
          <TabsTrigger value="profile">Admin Profile</TabsTrigger>
          <TabsTrigger value="security">Security</TabsTrigger>
          <TabsTrigger value="appearance">Appearance</TabsTrigger>
          {administrator ? <TabsTrigger value="credits">Credits</TabsTrigger> : null}
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
        {administrator ? (
          <TabsContent value="credits">
            <CreditsSettings />
          </TabsContent>
        ) : null}
      </Tabs>
    </div>
  );
}
