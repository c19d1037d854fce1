import { forgotPasswordSchema } from '@candor/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { INPUT, SubmitButton, fieldProps, useZodForm } from '@/components/ui/form';
import { TextField } from '@/components/ui/input';
import { Banner } from '@/components/ui/states';
import { candidateAuth } from '@/lib/auth-client';
import { AuthCard } from '../components/auth-card';

export function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useZodForm(forgotPasswordSchema, { defaultValues: { email: '' } });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async ({ email }) => {
    setServerError(null);
    const { error } = await candidateAuth.requestPasswordReset({
      email,
      redirectTo: `${window.location.origin}/reset-password`,
    });
    if (error) setServerError(error.message || 'Could not send the reset link. Please try again.');
    else setSent(true);
  });

  return (
    <AuthCard
      title="Forgot your password?"
      subtitle="Enter the e-mail you signed up with and we will send you a link to choose a new one."
      footer={
        <Link to="/login" className="font-medium text-primary hover:underline">
          Back to sign in
        </Link>
      }
    >
      {sent ? (
        <Banner tone="success">
          If an account exists for that e-mail, we sent a reset link. It is valid for one hour.
        </Banner>
      ) : (
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          {serverError ? <Banner tone="error">{serverError}</Banner> : null}
          <TextField {...INPUT.email} {...fieldProps(form, 'email')} />
          <SubmitButton className="w-full" pending={isSubmitting} pendingLabel="Sending...">
            Send reset link
          </SubmitButton>
        </form>
      )}
    </AuthCard>
  );
}
