import { resetPasswordSchema } from '@candor/shared';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { INPUT, SubmitButton, fieldProps, useZodForm } from '@/components/ui/form';
import { TextField } from '@/components/ui/input';
import { Banner } from '@/components/ui/states';
import { candidateAuth } from '@/lib/auth-client';
import { AuthCard } from '../components/auth-card';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const linkError = params.get('error');
  const [done, setDone] = useState(false);
  const [linkExpired, setLinkExpired] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useZodForm(resetPasswordSchema, {
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ password }) => {
    setServerError(null);
    const { error } = await candidateAuth.resetPassword({
      newPassword: password,
      token: token ?? '',
    });
    if (!error) setDone(true);
    // A used or expired token is the usual refusal: say so in words, not as 'Invalid token'.
    else if (error.code === 'INVALID_TOKEN') setLinkExpired(true);
    else setServerError(error.message || 'Could not reset the password. Please try again.');
  });

  const footer = (
    <Link to="/login" className="font-medium text-primary hover:underline">
      Back to sign in
    </Link>
  );

  if (!token || linkError || linkExpired) {
    return (
      <AuthCard title="Reset link not valid" footer={footer}>
        <Banner tone="error">This reset link is invalid or has expired. Ask for a new one.</Banner>
        <Button asChild className="mt-4 w-full" variant="outline">
          <Link to="/forgot-password">Send a new link</Link>
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Choose a new password" footer={footer}>
      {done ? (
        <div className="space-y-4">
          <Banner tone="success">Your password has been reset. You can sign in with it now.</Banner>
          <Button asChild className="w-full">
            <Link to="/login">Sign in</Link>
          </Button>
        </div>
      ) : (
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          {serverError ? <Banner tone="error">{serverError}</Banner> : null}
          <TextField
            label="New password"
            hint="At least 8 characters with an uppercase letter, a lowercase letter, a number and a special character."
            {...INPUT.newPassword}
            {...fieldProps(form, 'password')}
          />
          <TextField
            label="Confirm new password"
            {...INPUT.newPassword}
            {...fieldProps(form, 'confirmPassword')}
          />
          <SubmitButton className="w-full" pending={isSubmitting} pendingLabel="Resetting...">
            Reset password
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
