import { resetPasswordSchema } from '@candor/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
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
  const form = useForm<z.input<typeof resetPasswordSchema>>({
    resolver: zodResolver(resetPasswordSchema),
    mode: 'onTouched',
    defaultValues: { password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

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
            id="password"
            label="New password"
            error={errors.password?.message}
            hint="At least 8 characters with an uppercase letter, a lowercase letter, a number and a special character."
            type="password"
            autoComplete="new-password"
            aria-invalid={!!errors.password}
            {...form.register('password')}
          />
          <TextField
            id="confirmPassword"
            label="Confirm new password"
            error={errors.confirmPassword?.message}
            type="password"
            autoComplete="new-password"
            aria-invalid={!!errors.confirmPassword}
            {...form.register('confirmPassword')}
          />
          <Button type="submit" className="w-full" disabled={isSubmitting}>
            {isSubmitting ? 'Resetting...' : 'Reset password'}
          </Button>
        </form>
      )}
    </AuthCard>
  );
}
