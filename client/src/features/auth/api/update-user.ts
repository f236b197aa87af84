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

/** Sets the mobile number (any spacing, +91 optional) or, blank, removes it. */
export function useUpdatePhone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (phone: string) =>
      api('/api/auth/update-user', {
        method: 'POST',
        body: { phone: phone.trim() || null },
        fallbackMessage: 'Could not update your mobile number. Please try again.',
      }),
    onSuccess: async (_answer, phone) => {
      toast.success(phone.trim() ? 'Mobile number saved' : 'Mobile number removed');
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
