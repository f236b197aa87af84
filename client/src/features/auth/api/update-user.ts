import { useMutation, useQueryClient } from '@tanstack/react-query';
import { toast } from 'react-toastify/unstyled';
import { api } from '../../../lib/api.ts';
import { sessionQueryKey } from '../use-session.ts';

/** Renames the signed-in user; the header and profile read the new name from the session. */
export function useUpdateName() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      api('/api/auth/update-user', {
        method: 'POST',
        body: { name },
        fallbackMessage: 'Could not update your profile. Please try again.',
      }),
    onSuccess: async () => {
      toast.success('Profile updated');
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
