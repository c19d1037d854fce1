import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { candidateAuth } from '@/lib/auth-client';
import { useAuthProviders } from '../api/get-providers';

/** Google, GitHub and organisation sign-in, each shown only when the server has it configured. */
export function SocialButtons({ onError }: { onError: (message: string) => void }) {
  const { data } = useAuthProviders();
  const [busy, setBusy] = useState<string | null>(null);
  if (!data) return null;

  const providers = [
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
  if (providers.length === 0) return null;

  // better-auth redirects the browser to the provider; an error comes back only if it cannot.
  const signIn = async (provider: (typeof providers)[number]) => {
    setBusy(provider.id);
    try {
      const { error } = await candidateAuth.signIn.social({
        provider: provider.id,
        callbackURL: `${window.location.origin}/`,
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
