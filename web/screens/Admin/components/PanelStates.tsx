import { Spinner } from '@web/components/Spinner.tsx';
import { currentLocale } from '@web/i18n/i18n.ts';
import { buttonClass, secondaryButtonClass } from '@web/ui/styles.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function PanelLoading({ label }: { label: string }) {
  return (
    <div className="rounded-2xl border border-slate-200 bg-white p-6">
      <Spinner label={label} />
    </div>
  );
}

export function PanelEmpty({ children }: { children: ReactNode }) {
  return (
    <p className="rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
      {children}
    </p>
  );
}

export function PanelError({
  title,
  message,
  onRetry,
}: {
  title: string;
  message: string;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div
      role="alert"
      className="flex flex-col items-start gap-3 rounded-2xl border border-red-200 bg-red-50 p-4"
    >
      <p className="text-red-800">
        <strong className="font-semibold">{title}</strong>: {message}
      </p>
      <button type="button" onClick={onRetry} className={buttonClass}>
        {t('Try again')}
      </button>
    </div>
  );
}

/** 'Load more' under a paged list. */
export function LoadMore({
  hasMore,
  loading,
  onLoad,
}: {
  hasMore: boolean;
  loading: boolean;
  onLoad: () => void;
}) {
  const { t } = useTranslation();
  if (!hasMore) return null;
  return (
    <button
      type="button"
      onClick={onLoad}
      disabled={loading}
      className={`${secondaryButtonClass} self-center`}
    >
      {loading ? t('Loading...') : t('Load more')}
    </button>
  );
}

export const rowClass = 'rounded-2xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4';

/** One formatter per language, made when first needed (the language changes at runtime). */
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
function dateTimeFormat(): Intl.DateTimeFormat {
  const locale = currentLocale();
  let format = dateTimeFormats.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' });
    dateTimeFormats.set(locale, format);
  }
  return format;
}
export const formatDateTime = (iso: string | null) => (iso ? dateTimeFormat().format(new Date(iso)) : '');
