import type { CreateReportInput, ReportReceipt } from '@common/schemas/reports.ts';
import { useMutation } from '@tanstack/react-query';
import { api } from '@web/api/client.ts';

/**
 * A member reports a post, comment, message, circle or member. Nothing on screen changes: the
 * reported thing stays where it is until a moderator acts, so there is no cache to update.
 */
export function useReport() {
  return useMutation({
    mutationFn: (input: CreateReportInput) => api<ReportReceipt>('/api/reports', { body: input }),
  });
}
