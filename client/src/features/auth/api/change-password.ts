import type { ChangePasswordRequest } from '@marquee/shared';
import { useMutation } from '@tanstack/react-query';
import { toast } from 'react-toastify/unstyled';
import { api } from '../../../lib/api.ts';

export function useChangePassword() {
  return useMutation({
    mutationFn: (input: ChangePasswordRequest) =>
      api('/api/auth/change-password', {
        method: 'POST',
        body: input,
        fallbackMessage: 'Could not change your password. Please try again.',
      }),
    onSuccess: () => toast.success('Password changed'),
  });
}
