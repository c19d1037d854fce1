import {
  DEFAULT_EXPERIENCE_LEVEL,
  EXPERIENCE_LEVELS,
  EXPERIENCE_LEVEL_LABELS,
  passwordChecklist,
  signUpSchema,
} from '@candor/shared';
import { useQueryClient } from '@tanstack/react-query';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { INPUT, SubmitButton, fieldProps, useZodForm } from '@/components/ui/form';
import { SelectField, TextField, labelled } from '@/components/ui/input';
import { Banner } from '@/components/ui/states';
import { candidateAuth } from '@/lib/auth-client';
import { meQueryOptions } from '@/lib/session';
import { cn } from '@/lib/utils';
import { AuthCard } from '../components/auth-card';

export function SignUpPage() {
  const navigate = useNavigate();
  // Sent here from a page to come back to (an invite link to a cohort: /join/…).
  const from = (useLocation().state as { from?: string } | null)?.from;
  const returnTo = from && from.startsWith('/') && !from.startsWith('//') ? from : '/';
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const [notSignedIn, setNotSignedIn] = useState<string | null>(null);
  const form = useZodForm(signUpSchema, {
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      confirmPassword: '',
      experienceLevel: DEFAULT_EXPERIENCE_LEVEL,
    },
  });
  const { isSubmitting } = form.formState;
  const password = useWatch({ control: form.control, name: 'password' });

  const onSubmit = form.handleSubmit(async (v) => {
    setServerError(null);
    try {
      const { error } = await candidateAuth.signUp.email({
        name: `${v.firstName} ${v.lastName}`,
        email: v.email,
        password: v.password,
        firstName: v.firstName,
        lastName: v.lastName,
        experienceLevel: v.experienceLevel,
      } as Parameters<typeof candidateAuth.signUp.email>[0]);
      if (error) {
        setServerError(error.message || 'Registration failed');
        return;
      }
      // A new account comes signed in. The same answer without a session means the address
      // already had an account (the server does not say so, so nobody can ask it who has one).
      await queryClient.resetQueries({ queryKey: meQueryOptions.queryKey });
      const me = await queryClient.fetchQuery(meQueryOptions).catch(() => null);
      if (me) navigate(returnTo, { replace: true });
      else setNotSignedIn(v.email);
    } catch {
      setServerError('Registration failed');
    }
  });

  if (notSignedIn) {
    return <AlreadyRegistered email={notSignedIn} onBack={() => setNotSignedIn(null)} />;
  }

  return (
    <AuthCard
      title="Create your account"
      subtitle="Practise interviews out loud and get an honest report"
      footer={
        <>
          Already have an account?{' '}
          <Link
            to="/login"
            state={from ? { from } : undefined}
            className="font-medium text-primary hover:underline"
          >
            Sign in
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        {serverError ? <Banner tone="error">{serverError}</Banner> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label="First name"
            autoComplete="given-name"
            {...fieldProps(form, 'firstName')}
          />
          <TextField
            label="Last name"
            autoComplete="family-name"
            {...fieldProps(form, 'lastName')}
          />
        </div>
        <TextField {...INPUT.email} {...fieldProps(form, 'email')} />
        <SelectField
          label="Experience level"
          options={labelled(EXPERIENCE_LEVELS, EXPERIENCE_LEVEL_LABELS)}
          {...fieldProps(form, 'experienceLevel')}
        />
        <TextField
          label="Password"
          aria-describedby="password-checklist"
          {...INPUT.newPassword}
          {...fieldProps(form, 'password')}
        />
        <ul
          id="password-checklist"
          className="grid grid-cols-2 gap-1 text-xs"
          aria-label="Password requirements"
        >
          {passwordChecklist(password ?? '').map((item) => (
            <li
              key={item.id}
              className={cn(
                'flex items-center gap-1',
                item.met ? 'text-green-700 dark:text-green-400' : 'text-muted-foreground',
              )}
            >
              {item.met ? (
                <Check className="size-3.5" aria-hidden />
              ) : (
                <X className="size-3.5" aria-hidden />
              )}
              {item.label}
              <span className="sr-only">{item.met ? '(met)' : '(not met)'}</span>
            </li>
          ))}
        </ul>
        <TextField
          label="Confirm password"
          {...INPUT.newPassword}
          {...fieldProps(form, 'confirmPassword')}
        />
        <SubmitButton className="w-full" pending={isSubmitting} pendingLabel="Creating account...">
          Create account
        </SubmitButton>
      </form>
    </AuthCard>
  );
}

/**
 * What to do when a sign-up did not sign anyone in: the address most likely has an account
 * already (its owner was sent an e-mail about this attempt).
 */
function AlreadyRegistered({ email, onBack }: { email: string; onBack: () => void }) {
  return (
    <AuthCard
      title="Already have an account?"
      subtitle={`We could not create a new account for ${email}.`}
      footer={
        <button type="button" onClick={onBack} className="font-medium text-primary hover:underline">
          Use a different e-mail address
        </button>
      }
    >
      <div className="space-y-4">
        <Banner tone="info">
          This e-mail address may already be registered. If it is yours, sign in with its password,
          or reset the password if you have forgotten it. We have also sent a message to that
          address.
        </Banner>
        <div className="grid gap-3 sm:grid-cols-2">
          <Button asChild>
            <Link to="/login">Sign in</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/forgot-password">Reset password</Link>
          </Button>
        </div>
      </div>
    </AuthCard>
  );
}
