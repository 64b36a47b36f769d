import type { CirclePage } from '@common/schemas/circles.ts';
import { useCirclePageAction } from '@web/queries/circles.ts';
import { buttonClass } from '@web/ui/styles.ts';
import { Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CIRCLE_KEYS } from '../components/circleTexts.ts';

/** What a non-member sees on the stage instead of the stream: ask to join, or why they cannot. */
export function JoinGate({ page }: { page: CirclePage }) {
  const { t } = useTranslation();
  const ask = useCirclePageAction(page.circle.id, 'requests');
  const text: Record<CirclePage['access'], string> = {
    member: '',
    open: t('Joining...'),
    request:
      page.circle.visibility === 'private'
        ? t('This circle is private. Ask the host to let you in.')
        : t('The host welcomes each guest of this circle. Ask to join.'),
    pending: t('Request sent. You will be let in as soon as the host approves.'),
    declined: t('The host declined your request to join.'),
    full: t(CIRCLE_KEYS.full),
    ended: t(CIRCLE_KEYS.hasEnded),
  };
  return (
    <div className="absolute inset-0 flex flex-col items-center justify-center gap-3 bg-slate-900/90 p-4 text-center text-white">
      <Lock aria-hidden="true" className="h-8 w-8" />
      <p role="status">{text[page.access]}</p>
      {page.access === 'request' ? (
        <button
          type="button"
          className={buttonClass}
          disabled={ask.isPending}
          onClick={() =>
            ask.mutate(undefined, {
              onError: (error) => toast.error(t('Error'), { description: error.message }),
            })
          }
        >
          {t(CIRCLE_KEYS.requestToJoin)}
        </button>
      ) : null}
    </div>
  );
}
