import type { Participant } from '@common/schemas/messages.ts';
import { useAcceptRequest, useDeleteRequest } from '@web/queries/messages.ts';
import { buttonClass, secondaryButtonClass } from '@web/ui/styles.ts';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { MESSAGE_KEYS } from '../texts.ts';

/**
 * Under a message request: Accept moves it to the inbox (and only then is it read, so the sender
 * sees 'Read'); Delete removes it for the viewer alone. Writing back accepts it too.
 */
export function RequestBar({ other }: { other: Participant }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const onError = (error: Error) =>
    toast.error(t(MESSAGE_KEYS.requestFailed), { description: error.message });
  const accept = useAcceptRequest(other.id, {
    onSuccess: () => {
      toast.success(t(MESSAGE_KEYS.accepted));
      void navigate(`/messages?to=${encodeURIComponent(other.username)}`, { replace: true });
    },
    onError,
  });
  const remove = useDeleteRequest(other.id, {
    onSuccess: () => {
      toast.success(t(MESSAGE_KEYS.deleted));
      void navigate('/messages?box=requests', { replace: true });
    },
    onError,
  });
  const name = other.full_name || other.username;
  const busy = accept.isPending || remove.isPending;

  return (
    <section
      aria-label={t(MESSAGE_KEYS.requests)}
      className="flex shrink-0 flex-col gap-3 border-t border-slate-200 bg-slate-50 px-3 py-3 sm:flex-row sm:items-center"
    >
      <p className="min-w-0 flex-1 text-sm text-slate-700">
        {t("{{name}} wants to message you. They won't know you've seen this until you accept.", { name })}
      </p>
      <div className="flex shrink-0 gap-2">
        <button
          type="button"
          disabled={busy}
          onClick={() => accept.mutate()}
          className={`${buttonClass} flex-1 sm:flex-none`}
        >
          {t(MESSAGE_KEYS.accept)}
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => remove.mutate()}
          className={`${secondaryButtonClass} flex-1 sm:flex-none`}
        >
          {t(MESSAGE_KEYS.delete)}
        </button>
      </div>
    </section>
  );
}
