import {
  EXPERIENCE_LEVELS,
  EXPERIENCE_LEVEL_LABELS,
  passwordChecklist,
  signUpSchema,
  type SignUpInput,
} from '@candor/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { Check, X } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Field, Input, Select } from '@/components/ui/input';
import { Banner } from '@/components/ui/states';
import { candidateAuth } from '@/lib/auth-client';
import { meQueryOptions } from '@/lib/session';
import { cn } from '@/lib/utils';
import { AuthCard } from '../components/auth-card';

export function SignUpPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<SignUpInput>({
    resolver: zodResolver(signUpSchema),
    mode: 'onTouched',
    defaultValues: {
      firstName: '',
      lastName: '',
      email: '',
      password: '',
      confirmPassword: '',
      experienceLevel: 'mid',
    },
  });
  const { errors, isSubmitting } = form.formState;
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
      await queryClient.resetQueries({ queryKey: meQueryOptions.queryKey });
      navigate('/', { replace: true });
    } catch {
      setServerError('Registration failed');
    }
  });

  return (
    <AuthCard
      title="Create your account"
      subtitle="Practise interviews out loud and get an honest report"
      footer={
        <>
          Already have an account?{' '}
          <Link to="/login" className="font-medium text-primary hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        {serverError ? <Banner tone="error">{serverError}</Banner> : null}
        <div className="grid gap-4 sm:grid-cols-2">
          <Field id="firstName" label="First name" error={errors.firstName?.message}>
            <Input
              id="firstName"
              autoComplete="given-name"
              aria-invalid={!!errors.firstName}
              {...form.register('firstName')}
            />
          </Field>
          <Field id="lastName" label="Last name" error={errors.lastName?.message}>
            <Input
              id="lastName"
              autoComplete="family-name"
              aria-invalid={!!errors.lastName}
              {...form.register('lastName')}
            />
          </Field>
        </div>
        <Field id="email" label="Email" error={errors.email?.message}>
          <Input
            id="email"
            type="email"
            autoComplete="email"
            aria-invalid={!!errors.email}
            {...form.register('email')}
          />
        </Field>
        <Field
          id="experienceLevel"
          label="Experience level"
          error={errors.experienceLevel?.message}
        >
          <Select id="experienceLevel" {...form.register('experienceLevel')}>
            {EXPERIENCE_LEVELS.map((level) => (
              <option key={level} value={level}>
                {EXPERIENCE_LEVEL_LABELS[level]}
              </option>
            ))}
          </Select>
        </Field>
        <Field id="password" label="Password" error={errors.password?.message}>
          <Input
            id="password"
            type="password"
            autoComplete="new-password"
            aria-invalid={!!errors.password}
            aria-describedby="password-checklist"
            {...form.register('password')}
          />
        </Field>
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
        <Field
          id="confirmPassword"
          label="Confirm password"
          error={errors.confirmPassword?.message}
        >
          <Input
            id="confirmPassword"
            type="password"
            autoComplete="new-password"
            aria-invalid={!!errors.confirmPassword}
            {...form.register('confirmPassword')}
          />
        </Field>
        <Button type="submit" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? 'Creating account...' : 'Create account'}
        </Button>
      </form>
    </AuthCard>
  );
}
