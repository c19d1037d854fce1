import { ACCOUNT_DISABLED, type SignInInput } from '@candor/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useForm, type Resolver } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { INPUT, SubmitButton, fieldProps } from '@/components/ui/form';
import { Checkbox, TextField } from '@/components/ui/input';
import { Banner } from '@/components/ui/states';
import {
  ACCOUNT_DELETED_MESSAGE,
  ACCOUNT_DELETED_NOTICE,
  ACCOUNT_DISABLED_NOTICE,
  acknowledgeAccountDeleted,
  acknowledgeAccountDisabled,
} from '@/lib/account-status';
import { useDeferredResolver } from '@/lib/deferred-resolver';
import { meQueryOptions } from '@/lib/session';
import { AuthCard } from '../components/auth-card';
import { SocialButtons } from '../components/social-buttons';

export function LoginPage() {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const state = location.state as { from?: string; notice?: string } | null;
  // Sent here because the account was deactivated while signed in: say so until the next try.
  const [serverError, setServerError] = useState<string | null>(() =>
    state?.notice === ACCOUNT_DISABLED_NOTICE ? ACCOUNT_DISABLED.message : null,
  );
  const deleted = state?.notice === ACCOUNT_DELETED_NOTICE;
  useEffect(() => {
    acknowledgeAccountDisabled();
    acknowledgeAccountDeleted();
  }, []);
  const from = state?.from ?? '/';
  const returnTo = from.startsWith('/login') ? '/' : from;
  // The rules and better-auth's client come with the first focus and the submit: the screen
  // itself stays within its download budget.
  const rules = useDeferredResolver<SignInInput>(() =>
    import('../sign-in-rules').then((m) => m.signInResolver as Resolver<SignInInput>),
  );
  const form = useForm<SignInInput>({
    resolver: rules.resolver,
    mode: 'onTouched',
    defaultValues: { email: '', password: '', rememberMe: true },
  });
  const { isValid, isDirty, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      const { candidateAuth } = await import('@/lib/auth-client');
      const { error } = await candidateAuth.signIn.email(values);
      if (error) {
        setServerError(error.message || 'Failed to login');
        return;
      }
      await queryClient.resetQueries({ queryKey: meQueryOptions.queryKey });
      navigate(returnTo, { replace: true });
    } catch {
      setServerError('Failed to login');
    }
  });

  return (
    <AuthCard
      title="Welcome back"
      subtitle="Sign in to your account to continue practicing"
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link
            to="/signup"
            state={state?.from ? { from: state.from } : undefined}
            className="font-medium text-primary hover:underline"
          >
            Sign up
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} className="space-y-4" noValidate {...rules.triggers}>
        {serverError ? (
          <Banner tone="error">{serverError}</Banner>
        ) : deleted ? (
          <Banner tone="success">{ACCOUNT_DELETED_MESSAGE}</Banner>
        ) : null}
        <TextField {...INPUT.email} {...fieldProps(form, 'email')} />
        <TextField label="Password" {...INPUT.currentPassword} {...fieldProps(form, 'password')} />
        <div className="flex items-center justify-between">
          <label className="flex items-center gap-2 text-sm">
            <Checkbox {...form.register('rememberMe')} />
            Remember me
          </label>
          <Link to="/forgot-password" className="text-sm font-medium text-primary hover:underline">
            Forgot password?
          </Link>
        </div>
        <SubmitButton
          className="w-full"
          pending={isSubmitting}
          pendingLabel="Signing in..."
          disabled={!isValid || !isDirty}
        >
          Sign in
        </SubmitButton>
      </form>
      <SocialButtons onError={setServerError} returnTo={returnTo} />
    </AuthCard>
  );
}
