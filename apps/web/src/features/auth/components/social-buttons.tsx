import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { candidateAuth } from '@/lib/auth-client';
import { useAuthProviders } from '../api/get-providers';

/** Google, GitHub and organisation sign-in, each shown only when the server has it configured. */
export function SocialButtons({ onError }: { onError: (message: string) => void }) {
  const { data } = useAuthProviders();
  const [busy, setBusy] = useState<string | null>(null);
  if (!data || (!data.google && !data.github && !data.oidc)) return null;

  const go = async (
    key: string,
    run: () => Promise<{ error?: { message?: string } | null }>,
    failure: string,
  ) => {
    setBusy(key);
    try {
      const result = await run();
      if (result.error) onError(result.error.message || failure);
    } catch {
      onError(failure);
    } finally {
      setBusy(null);
    }
  };
  const callbackURL = `${window.location.origin}/`;

  return (
    <div className="space-y-3">
      <div className="relative my-5 text-center text-xs uppercase text-muted-foreground">
        <span className="relative z-10 bg-card px-2">or continue with</span>
        <span className="absolute inset-x-0 top-1/2 h-px bg-border" aria-hidden />
      </div>
      {data.google ? (
        <Button
          variant="outline"
          className="w-full"
          disabled={busy !== null}
          onClick={() =>
            go(
              'google',
              () => candidateAuth.signIn.social({ provider: 'google', callbackURL }),
              'Failed to login with Google',
            )
          }
        >
          Continue with Google
        </Button>
      ) : null}
      {data.github ? (
        <Button
          variant="outline"
          className="w-full"
          disabled={busy !== null}
          onClick={() =>
            go(
              'github',
              () => candidateAuth.signIn.social({ provider: 'github', callbackURL }),
              'Failed to login with GitHub',
            )
          }
        >
          Continue with GitHub
        </Button>
      ) : null}
      {data.oidc ? (
        <Button
          variant="outline"
          className="w-full"
          disabled={busy !== null}
          onClick={() =>
            go(
              'oidc',
              () => candidateAuth.signIn.social({ provider: data.oidc!.providerId, callbackURL }),
              `Failed to sign in with ${data.oidc!.name}`,
            )
          }
        >
          Continue with {data.oidc.name}
        </Button>
      ) : null}
    </div>
  );
}
