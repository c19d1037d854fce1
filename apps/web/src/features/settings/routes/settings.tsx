import { useSearchParams } from 'react-router';
import { PageHeader } from '@/components/ui/states';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { AccountTab } from '../components/account-tab';
import { AppearanceTab } from '../components/appearance-tab';
import { InterviewTab } from '../components/interview-tab';
import { ProfileForm } from '../components/profile-form';

export function SettingsPage() {
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab =
    asked === 'appearance' || asked === 'interview' || asked === 'account' ? asked : 'profile';
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title="Settings"
        description="Manage your profile, how the app looks, how the interviewer waits, and your account."
      />
      <Tabs value={tab} onValueChange={(value) => setParams({ tab: value }, { replace: true })}>
        <TabsList>
          <TabsTrigger value="profile">Profile</TabsTrigger>
          <TabsTrigger value="appearance">Appearance</TabsTrigger>
          <TabsTrigger value="interview">Interview</TabsTrigger>
          <TabsTrigger value="account">Account</TabsTrigger>
        </TabsList>
        <TabsContent value="profile">
          <ProfileForm />
        </TabsContent>
        <TabsContent value="appearance">
          <AppearanceTab />
        </TabsContent>
        <TabsContent value="interview">
          <InterviewTab />
        </TabsContent>
        <TabsContent value="account">
          <AccountTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
