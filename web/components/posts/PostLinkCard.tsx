import type { LinkCard } from '@common/schemas/linkCards.ts';
import { useRemoveCard } from '@web/queries/linkCards.ts';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';

/**
 * The card of a post's first link (issue 51): the page's image (our copy, never the site's), title,
 * description and site, opening the link in a new tab. Its author may take it off ('Remove link card').
 */
export function PostLinkCard({ postId, card, own }: { postId: string; card: LinkCard; own: boolean }) {
  const { t } = useTranslation();
  const remove = useRemoveCard(postId);
  const size =
    card.image_width && card.image_height ? { width: card.image_width, height: card.image_height } : {};
  return (
    <div className="relative">
      <a
        href={card.url}
        target="_blank"
        rel="noopener noreferrer nofollow ugc"
        className="block overflow-hidden rounded-xl border border-slate-200 bg-white hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600"
        data-testid="link-card"
      >
        {card.image_url ? (
          <img
            src={card.image_url}
            alt=""
            loading="lazy"
            decoding="async"
            {...size}
            className="h-auto max-h-80 w-full bg-slate-100 object-cover"
          />
        ) : null}
        <span className="flex flex-col gap-0.5 px-3 py-2">
          <span className="truncate text-xs text-slate-500">{card.site}</span>
          <span className="line-clamp-2 font-semibold break-words text-slate-900">{card.title}</span>
          {card.description ? (
            <span className="line-clamp-2 text-sm break-words text-slate-600">{card.description}</span>
          ) : null}
        </span>
      </a>
      {own ? (
        <button
          type="button"
          aria-label={t('Remove link card')}
          title={t('Remove link card')}
          disabled={remove.isPending}
          onClick={() =>
            remove.mutate(undefined, {
              onSuccess: () => toast.success(t('Link card removed')),
              onError: (error) => toast.error(error.message),
            })
          }
          className="absolute top-2 right-2 rounded-full bg-black/60 p-2 text-white hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-sky-600 disabled:opacity-60"
        >
          <X aria-hidden="true" className="h-4 w-4" />
        </button>
      ) : null}
    </div>
  );
}
