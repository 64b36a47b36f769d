import { MESSAGE_TEXTS, type Participant } from '@common/schemas/messages.ts';
import { buttonClass, secondaryButtonClass } from '@web/components/Field.tsx';
import { useAcceptRequest, useDeleteRequest } from '@web/queries/messages.ts';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';

/**
 * Under a message request: Accept moves it to the inbox (and only then is it read, so the sender
 * sees 'Read'); Delete removes it for the viewer alone. Writing back accepts it too.
 */
export function RequestBar({ other }: { other: Participant }) {
  const navigate = useNavigate();
  const onError = (error: Error) => toast.error(MESSAGE_TEXTS.requestFailed, { description: error.message });
  const accept = useAcceptRequest(other.id, {
    onSuccess: () => {
      toast.success(MESSAGE_TEXTS.accepted);
      void navigate(`/messages?to=${encodeURIComponent(other.username)}`, { replace: true });
    },
    onError,
  });
  const remove = useDeleteRequest(other.id, {
    onSuccess: () => {
      toast.success(MESSAGE_TEXTS.deleted);
      void navigate('/messages?box=requests', { replace: true });
    },
    onError,
  });
  const name = other.full_name || other.username;
  const busy = accept.isPending || remove.isPending;

  return (
    <section
      aria-label={MESSAGE_TEXTS.requests}
      className="flex shrink-0 flex-col gap-3 border-t border-slate-200 bg-slate-50 px-3 py-3 sm:flex-row sm:items-center"
    >
      <p className="min-w-0 flex-1 text-sm text-slate-700">{MESSAGE_TEXTS.requestBanner(name)}</p>
      <div className="flex shrink-0 gap-2">
        <button
          type="button"
          disabled={busy}
          onClick={() => accept.mutate()}
          className={`${buttonClass} flex-1 sm:flex-none`}
        >
          {MESSAGE_TEXTS.accept}
        </button>
        <button
          type="button"
          disabled={busy}
          onClick={() => remove.mutate()}
          className={`${secondaryButtonClass} flex-1 sm:flex-none`}
        >
          {MESSAGE_TEXTS.delete}
        </button>
      </div>
    </section>
  );
}
