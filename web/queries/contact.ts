import type { ContactMessageInput } from '@common/schemas/contact.ts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@web/api/client.ts';

export function useSendContactMessage() {
  return useMutation({
    mutationFn: (input: ContactMessageInput) => api<{ id: string }>('/api/contact', { body: input }),
  });
}
