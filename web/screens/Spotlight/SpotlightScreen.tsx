import type { SPOTLIGHT_TEXTS, SpotlightEntry } from '@common/schemas/spotlight.ts';
import { Avatar } from '@web/components/Avatar.tsx';
import { Spinner } from '@web/components/Spinner.tsx';
import { currentLocale } from '@web/i18n/i18n.ts';
import { msg } from '@web/i18n/msg.ts';
import { useSpotlight } from '@web/queries/spotlight.ts';
import { secondaryButtonClass } from '@web/ui/styles.ts';
import {
  ArrowLeft,
  Award,
  Eye,
  Heart,
  type LucideIcon,
  Medal,
  MessageCircle,
  Sparkles,
  Trophy,
} from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/*
 * The catalogue keys of SPOTLIGHT_TEXTS (common/ cannot mark its texts with msg()). Typed against
 * SPOTLIGHT_TEXTS: a change of wording there fails the type check until it is made here too.
 */
const SPOTLIGHT_KEYS = {
  title: msg('Daily Spotlight'),
  subtitle: msg('Top creators based on all-time engagement • Updated daily'),
  emptyTitle: msg('No creators in the spotlight yet'),
  emptyBody: msg(
    'When members post and others like, comment on and view their posts, the top creators show up here.',
  ),
  loadError: msg('Could not load the spotlight.'),
} as const satisfies typeof SPOTLIGHT_TEXTS;

/** The medals of the first three; `label` is the image's name, with the rank as {{rank}}. */
const MEDALS: Record<number, { icon: LucideIcon; label: string; className: string }> = {
  1: { icon: Trophy, label: msg('Gold, rank {{rank}}'), className: 'text-amber-500' },
  2: { icon: Medal, label: msg('Silver, rank {{rank}}'), className: 'text-slate-400' },
  3: { icon: Award, label: msg('Bronze, rank {{rank}}'), className: 'text-orange-700' },
};

/** The ranking's UTC day, spelled out in the language shown: 'Monday, November 23, 2026'. */
function dayHeading(date: string): string {
  return new Date(`${date}T00:00:00Z`).toLocaleDateString(currentLocale(), {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  });
}

/** /spotlight: today's top creators by all-time engagement, gold, silver and bronze for the first three. */
export default function SpotlightScreen() {
  const { t } = useTranslation();
  const spotlight = useSpotlight();
  const date = spotlight.data?.date;
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-6">
      <Link to="/" className={`${secondaryButtonClass} self-start`}>
        <ArrowLeft aria-hidden="true" className="h-4 w-4" />
        {t('Back')}
      </Link>
      <header>
        <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-wide text-brand-600">
          <Sparkles aria-hidden="true" className="h-4 w-4" />
          {t(SPOTLIGHT_KEYS.title)}
        </p>
        <h1 className="mt-1 text-3xl font-bold text-slate-900">
          {date ? dayHeading(date) : t(SPOTLIGHT_KEYS.title)}
        </h1>
        <p className="mt-1 text-slate-600">{t(SPOTLIGHT_KEYS.subtitle)}</p>
      </header>
      {spotlight.isPending || spotlight.refreshing ? (
        <Spinner label={t('Loading the spotlight...')} />
      ) : spotlight.isError ? (
        <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-4 text-red-700">
          <p className="font-medium">{t(SPOTLIGHT_KEYS.loadError)}</p>
          <p className="text-sm">{spotlight.error.message}</p>
          <button
            type="button"
            onClick={() => void spotlight.refetch()}
            className={`${secondaryButtonClass} mt-3`}
          >
            {t('Try again')}
          </button>
        </div>
      ) : spotlight.data.entries.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center">
          <Trophy aria-hidden="true" className="mx-auto h-10 w-10 text-slate-300" />
          <p className="mt-3 font-semibold text-slate-900">{t(SPOTLIGHT_KEYS.emptyTitle)}</p>
          <p className="mt-1 text-sm text-slate-600">{t(SPOTLIGHT_KEYS.emptyBody)}</p>
        </div>
      ) : (
        <ol aria-label={t('Top creators')} className="flex flex-col gap-3">
          {spotlight.data.entries.map((entry) => (
            <CreatorCard key={entry.user_id} entry={entry} />
          ))}
        </ol>
      )}
    </main>
  );
}

function CreatorCard({ entry }: { entry: SpotlightEntry }) {
  const { t } = useTranslation();
  const medal = MEDALS[entry.rank];
  const locale = currentLocale();
  // Counts are written as numbers of the language shown (1,234), in the plural texts too.
  const formatParams = { count: { locale } };
  const name = entry.full_name || entry.username;
  return (
    <li>
      <Link
        to={`/profile/${encodeURIComponent(entry.username)}`}
        className="flex gap-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-500 hover:shadow"
      >
        <div className="flex w-10 shrink-0 flex-col items-center justify-start pt-1">
          {medal ? (
            <medal.icon
              role="img"
              aria-label={t(medal.label, { rank: entry.rank })}
              className={`h-8 w-8 ${medal.className}`}
            />
          ) : (
            <span className="text-lg font-bold text-slate-500">
              <span className="sr-only">{t('Rank {{rank}}', { rank: entry.rank })}</span>
              <span aria-hidden="true">{entry.rank}</span>
            </span>
          )}
        </div>
        <div className="min-w-0 flex-1">
          <div className="flex items-center gap-3">
            <Avatar url={entry.avatar_url} name={name} />
            <div className="min-w-0">
              <p className="truncate font-semibold text-slate-900">{name}</p>
              <p className="truncate text-sm text-slate-500">@{entry.username}</p>
            </div>
            <p className="ml-auto shrink-0 text-right">
              <span className="block text-lg font-bold text-brand-600">
                {new Intl.NumberFormat(locale).format(entry.total_engagement)}
              </span>
              <span className="text-xs text-slate-500">{t('engagement')}</span>
            </p>
          </div>
          <ul
            aria-label={t('Engagement')}
            className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600"
          >
            <li className="flex items-center gap-1">
              <Heart aria-hidden="true" className="h-4 w-4" />
              {t('{{count, number}} likes', { count: entry.total_likes, formatParams })}
            </li>
            <li className="flex items-center gap-1">
              <MessageCircle aria-hidden="true" className="h-4 w-4" />
              {t('{{count, number}} comments', { count: entry.total_comments, formatParams })}
            </li>
            <li className="flex items-center gap-1">
              <Eye aria-hidden="true" className="h-4 w-4" />
              {t('{{count, number}} views', { count: entry.total_views, formatParams })}
            </li>
            <li>{t('{{count, number}} posts', { count: entry.posts_count, formatParams })}</li>
          </ul>
          {entry.top_post_content || entry.top_post_image_url ? (
            <div className="mt-3 flex gap-3 rounded-lg bg-slate-50 p-2">
              {entry.top_post_image_url ? (
                <img
                  src={entry.top_post_image_url}
                  alt=""
                  loading="lazy"
                  className="h-14 w-14 shrink-0 rounded-md object-cover"
                />
              ) : null}
              {entry.top_post_content ? (
                <p className="line-clamp-2 break-words text-sm text-slate-700">{entry.top_post_content}</p>
              ) : null}
            </div>
          ) : null}
        </div>
      </Link>
    </li>
  );
}
