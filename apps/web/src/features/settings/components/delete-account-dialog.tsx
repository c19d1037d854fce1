import { LAST_ADMIN, type AccountDeletionInfo } from '@candor/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/input';
import { Banner } from '@/components/ui/states';
import { ApiError, errorMessage } from '@/lib/api-client';
import { ACCOUNT_DELETED_NOTICE, reportAccountDeleted } from '@/lib/account-status';
import { meQueryOptions } from '@/lib/session';
import { useDeleteMyAccount } from '../api/delete-my-account';

/**
 * The confirmation of "Delete my account": the password again, or, for an account without one
 * (Google, GitHub, single sign-on), the e-mail address typed out. The server checks it; its
 * refusal shows under the field. Done, the app leaves for the sign-in screen, which says so.
 */
export function DeleteAccountDialog({
  open,
  onOpenChange,
  account,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  account: AccountDeletionInfo;
}) {
  const remove = useDeleteMyAccount();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [value, setValue] = useState('');
  const field = account.hasPassword ? 'password' : 'email';
  const error = remove.error;
  const fieldError = error instanceof ApiError ? error.fields?.[field] : undefined;
  const otherError =
    error && !fieldError
      ? error instanceof ApiError && error.code === LAST_ADMIN.code
        ? LAST_ADMIN.message
        : errorMessage(error, 'Your account could not be deleted. Please try again.')
      : null;

  const close = (next: boolean) => {
    if (remove.isPending) return;
    if (!next) {
      setValue('');
      remove.reset();
    }
    onOpenChange(next);
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    remove.mutate(account.hasPassword ? { password: value } : { email: value }, {
      onSuccess: () => {
        // The candidate guard also sends the app to sign-in with the notice once the session is
        // forgotten (which may come first: /login loads lazily).
        reportAccountDeleted();
        navigate('/login', { replace: true, state: { notice: ACCOUNT_DELETED_NOTICE } });
        // As signing out does: nothing of the account stays in memory.
        queryClient.setQueryData(meQueryOptions.queryKey, null);
        queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== 'auth' });
      },
    });
  };

  return (
    <Dialog
      open={open}
      onOpenChange={close}
      title="Delete your account?"
      description="Your account, interviews, reports and stored files are deleted at once and for good."
    >
      <form onSubmit={submit} className="space-y-4" noValidate>
        {otherError ? <Banner tone="error">{otherError}</Banner> : null}
        {account.hasPassword ? (
          <TextField
            id="delete-password"
            label="Password"
            hint="Enter your password to confirm."
            error={fieldError}
            type="password"
            autoComplete="current-password"
            autoFocus
            required
            aria-invalid={!!fieldError}
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        ) : (
          <TextField
            id="delete-email"
            label="Your e-mail address"
            hint={`Type ${account.email} to confirm.`}
            error={fieldError}
            type="email"
            autoComplete="off"
            autoFocus
            required
            aria-invalid={!!fieldError}
            value={value}
            onChange={(e) => setValue(e.target.value)}
          />
        )}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={() => close(false)} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button
            type="submit"
            variant="destructive"
            disabled={remove.isPending || value.trim() === ''}
          >
            {remove.isPending ? 'Deleting...' : 'Delete my account'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
