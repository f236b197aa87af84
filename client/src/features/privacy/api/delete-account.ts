import type { DeleteAccountRequest } from '@marquee/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify/unstyled';
import { api } from '../../../lib/api.ts';
import { forgetOfflineTickets } from '../../../lib/offline-ticket.ts';

/** Where the buyer's data downloads from (GET /api/user/export, a JSON file). */
export const dataExportUrl = '/api/user/export';

/**
 * DELETE /api/user with the password: the account is gone, every session with it, so this device
 * forgets the tickets it kept and goes home signed out.
 */
export function useDeleteAccount() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: (body: DeleteAccountRequest) =>
      api<{ message: string }>('/api/user', {
        method: 'DELETE',
        body,
        fallbackMessage: 'Could not delete your account. Please try again.',
      }),
    onSuccess: async (answer) => {
      await forgetOfflineTickets();
      await navigate('/', { replace: true });
      await queryClient.resetQueries();
      toast.success(answer.message);
    },
  });
}
