import type { AuthProvidersResponse } from '@candor/shared';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { useAuthProviders } from '../api/get-providers';

interface SocialProvider {
  id: string;
  label: string;
  failure: string;
}

function configuredProviders(data: AuthProvidersResponse): SocialProvider[] {
  return [
    data.google ? { id: 'google', label: 'Google', failure: 'Failed to login with Google' } : null,
    data.github ? { id: 'github', label: 'GitHub', failure: 'Failed to login with GitHub' } : null,
    data.oidc
      ? {
          id: data.oidc.providerId,
          label: data.oidc.name,
          failure: `Failed to sign in with ${data.oidc.name}`,
        }
      : null,
  ].filter((p) => p !== null);
}

// Only messages we wrote are shown after a failed provider round trip: the query string is
// attacker-controlled, so its error_description is never rendered.
const RETURNED_ERRORS: Record<string, string> = {
  ACCOUNT_DISABLED: 'This account has been disabled',
};

/**
 * Google, GitHub and organisation sign-in, each shown only when the server has it configured.
 * `returnTo` is where a successful sign-in lands; a failure comes back to /login with `error`.
 */
export function SocialButtons({
  onError,
  returnTo = '/',
}: {
  onError: (message: string) => void;
  returnTo?: string;
}) {
  const { data } = useAuthProviders();
  const [busy, setBusy] = useState<string | null>(null);
  const [params, setParams] = useSearchParams();
  const providers = data ? configuredProviders(data) : [];

  // Back from the provider with an error: say which sign-in failed, then tidy the address bar.
  const returnedError = params.get('error');
  const returnedProvider = params.get('provider');
  useEffect(() => {
    if (!returnedError || !data) return;
    const provider = configuredProviders(data).find((p) => p.id === returnedProvider);
    onError(RETURNED_ERRORS[returnedError] ?? provider?.failure ?? 'Failed to login');
    setParams({}, { replace: true });
  }, [returnedError, returnedProvider, data, onError, setParams]);

  if (providers.length === 0) return null;

  // better-auth redirects the browser to the provider; an error comes back only if it cannot.
  const signIn = async (provider: SocialProvider) => {
    setBusy(provider.id);
    try {
      const origin = window.location.origin;
      const { candidateAuth } = await import('@/lib/auth-client');
      const { error } = await candidateAuth.signIn.social({
        provider: provider.id,
        callbackURL: `${origin}${returnTo}`,
        errorCallbackURL: `${origin}/login?provider=${encodeURIComponent(provider.id)}`,
      });
      if (error) onError(error.message || provider.failure);
    } catch {
      onError(provider.failure);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="space-y-3">
      <div className="relative my-5 text-center text-xs uppercase text-muted-foreground">
        <span className="relative z-10 bg-card px-2">or continue with</span>
        <span className="absolute inset-x-0 top-1/2 h-px bg-border" aria-hidden />
      </div>
      {providers.map((p) => (
        <Button
          key={p.id}
          variant="outline"
          className="w-full"
          disabled={busy !== null}
          onClick={() => void signIn(p)}
        >
          Continue with {p.label}
        </Button>
      ))}
    </div>
  );
}
