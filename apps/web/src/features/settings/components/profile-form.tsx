import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';

/** Placeholder: the profile form arrives with issue 6. */
export function ProfileForm() {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>Your profile details will be editable here soon.</CardDescription>
      </CardHeader>
      <CardContent />
    </Card>
  );
}
