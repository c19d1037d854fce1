import { adminSignInSchema, waitText } from '@candor/shared';
import { useQueryClient } from '@tanstack/react-query';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router';
import { Card } from '@/components/ui/card';
import { INPUT, SubmitButton, fieldProps, useZodForm } from '@/components/ui/form';
import { TextField } from '@/components/ui/input';
import { Banner } from '@/components/ui/states';
import { adminAuth } from '@/lib/auth-client';
import { adminMeQueryOptions } from '@/lib/session';

/** better-auth's code for a wrong e-mail or password (its BASE_ERROR_CODES). */
export const WRONG_CREDENTIALS_CODE = 'INVALID_EMAIL_OR_PASSWORD';

/** A refused sign-in as better-auth's client reports it. */
export interface SignInRefusal {
  status?: number;
  message?: string;
  code?: string;
  retryAfterSeconds?: unknown;
}

/**
 * Spec section 8 "Admin login": server refusals mapped to the portal's messages, by status and
 * code (never by the wording of the server's message). A 429 adds how long to wait when the server
 * said (its `retryAfterSeconds`).
 */
export function adminLoginMessage({
  status,
  message: serverMessage,
  code,
  retryAfterSeconds,
}: SignInRefusal): string {
  if (status === 403 && serverMessage) return serverMessage;
  if (status === 429) {
    const locked = 'Too many attempts. Account temporarily locked';
    return typeof retryAfterSeconds === 'number' && retryAfterSeconds > 0
      ? `${locked}. Please wait ${waitText(retryAfterSeconds)} and try again.`
      : locked;
  }
  if (status === 401)
    return code === WRONG_CREDENTIALS_CODE ? 'Incorrect password' : serverMessage || 'Login failed';
  if (serverMessage) return serverMessage;
  return 'Login failed. Please try again.';
}

export function AdminLoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const from = (location.state as { from?: string } | null)?.from;
  const form = useZodForm(adminSignInSchema, { defaultValues: { email: '', password: '' } });
  const { isSubmitting } = form.formState;
  const [email, password] = useWatch({ control: form.control, name: ['email', 'password'] });

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const { error } = await adminAuth.signIn.email(values);
      if (error) {
        setServerError(adminLoginMessage(error as SignInRefusal));
        return;
      }
      await queryClient.resetQueries({ queryKey: adminMeQueryOptions.queryKey });
      const me = await queryClient.fetchQuery(adminMeQueryOptions);
      if (!me) {
        await adminAuth.signOut();
        setServerError('Access denied. Admin privileges required.');
        return;
      }
      navigate(
        from && from.startsWith('/admin/') && from !== '/admin/login' ? from : '/admin/dashboard',
        { replace: true },
      );
    } catch {
      setServerError('Login failed. Please try again.');
    }
  });

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-100 px-4 dark:bg-slate-950">
      <Card className="w-full max-w-md p-8">
        <div className="mb-6 flex flex-col items-center text-center">
          <span className="mb-3 flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground">
            <ShieldCheck className="size-6" aria-hidden />
          </span>
          {/* Coaches sign in here too (decision 046): the spec's "Administrator Access" was not theirs. */}
          <h1 className="text-2xl font-bold">Staff sign-in</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            For administrators, who run the platform, and coaches, who run their cohorts.
          </p>
        </div>
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          {serverError ? <Banner tone="error">{serverError}</Banner> : null}
          <TextField
            {...INPUT.email}
            autoComplete="username"
            {...fieldProps(form, 'email', 'admin-email')}
          />
          <TextField
            label="Password"
            {...INPUT.currentPassword}
            {...fieldProps(form, 'password', 'admin-password')}
          />
          <SubmitButton
            className="w-full"
            pending={isSubmitting}
            pendingLabel="Signing in..."
            disabled={!email || !password}
          >
            Sign in to Admin Portal
          </SubmitButton>
        </form>
      </Card>
    </main>
  );
}
