import { deleteAccountSchema, type AccountDeleted, type DeleteAccountInput } from '@candor/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * DELETE /api/user/account with the password (or, without one, the typed e-mail). The caller
 * leaves for the sign-in screen and forgets the account's queries (delete-account-dialog.tsx).
 */
export const deleteMyAccount = (input: DeleteAccountInput) =>
  api.delete<AccountDeleted>('/user/account', undefined, deleteAccountSchema.parse(input));

export function useDeleteMyAccount() {
  return useMutation({ mutationFn: deleteMyAccount });
}
