import type { FAITHS } from '@common/options.ts';
import type { CircleStatus } from '@common/schemas/circles.ts';
import { msg } from '@web/i18n/msg.ts';
import { useTranslation } from 'react-i18next';

const STATUS_STYLE: Record<CircleStatus, string> = {
  live: 'bg-red-600 text-white',
  upcoming: 'bg-amber-100 text-amber-800',
  ended: 'bg-slate-200 text-slate-700',
};
const STATUS_TEXT: Record<CircleStatus, string> = {
  live: msg('LIVE'),
  upcoming: msg('Upcoming'),
  ended: msg('Ended'),
};

/** A circle's status: 'LIVE' (with a pulsing dot), 'Upcoming' or 'Ended'. */
export function LiveBadge({ status }: { status: CircleStatus }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex shrink-0 items-center gap-1.5 rounded-md px-2 py-0.5 text-xs font-bold tracking-wide ${STATUS_STYLE[status]}`}
    >
      {status === 'live' ? <LiveDot tone="light" /> : null}
      {t(STATUS_TEXT[status])}
    </span>
  );
}

/** The red pulse of a live circle; decoration only (the text around it says it is live). */
export function LiveDot({ tone = 'red' }: { tone?: 'red' | 'light' }) {
  const color = tone === 'light' ? 'bg-white' : 'bg-red-500';
  return (
    <span aria-hidden="true" className="relative flex h-2 w-2 shrink-0">
      <span
        className={`absolute inline-flex h-full w-full animate-ping rounded-full opacity-75 motion-reduce:animate-none ${color}`}
      />
      <span className={`relative inline-flex h-2 w-2 rounded-full ${color}`} />
    </span>
  );
}

// One tint per faith of common/options.ts FAITHS; anything else looks like 'Other'.
const FAITH_STYLE: Record<string, string> = {
  Christianity: 'bg-sky-50 text-sky-800 ring-sky-200',
  Islam: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  Judaism: 'bg-blue-50 text-blue-800 ring-blue-200',
  Buddhism: 'bg-amber-50 text-amber-800 ring-amber-200',
  Hinduism: 'bg-orange-50 text-orange-800 ring-orange-200',
  Other: 'bg-violet-50 text-violet-800 ring-violet-200',
};

type Faith = (typeof FAITHS)[number];

// The names shown for the faiths of common/options.ts FAITHS (the values stay English).
const FAITH_LABELS: Record<Faith, string> = {
  Christianity: msg('Christianity'),
  Islam: msg('Islam'),
  Judaism: msg('Judaism'),
  Buddhism: msg('Buddhism'),
  Hinduism: msg('Hinduism'),
  Other: msg('Other'),
};

/** The catalogue key of a faith's name; a faith this build does not know is shown as it came. */
export function faithLabel(faith: string): string {
  return Object.hasOwn(FAITH_LABELS, faith) ? FAITH_LABELS[faith as Faith] : faith;
}

/** The faith of a circle as a small tinted pill. */
export function FaithBadge({ faith }: { faith: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex max-w-full items-center truncate rounded-full px-2.5 py-0.5 text-xs font-medium ring-1 ring-inset ${FAITH_STYLE[faith] ?? FAITH_STYLE.Other}`}
    >
      {t(faithLabel(faith))}
    </span>
  );
}

/** A circle's topic as a neutral pill. */
export function TopicBadge({ topic }: { topic: string }) {
  const { t } = useTranslation();
  return (
    <span className="inline-flex max-w-full items-center rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-medium text-slate-700">
      <span className="sr-only">{t('Topic:')} </span>
      <span className="truncate">{topic}</span>
    </span>
  );
}
