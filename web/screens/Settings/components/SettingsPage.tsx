import type { UseQueryResult } from '@tanstack/react-query';
import { Spinner } from '@web/components/Spinner.tsx';
import { Field } from '@web/ui/Field.tsx';
import { buttonClass, cardClass, dangerButtonClass, secondaryButtonClass } from '@web/ui/styles.ts';
import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * The frame of every settings page: a back arrow, the title, then the page. Its texts come translated;
 * the back arrow leads to /settings unless told otherwise.
 */
export function SettingsPage({
  title,
  description,
  back: backTo,
  children,
}: {
  title: string;
  description?: string;
  back?: { to: string; label: string };
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const back = backTo ?? { to: '/settings', label: t('Back to Settings') };
  useEffect(() => {
    const previous = document.title;
    document.title = `${title} · Splikz`;
    return () => {
      document.title = previous;
    };
  }, [title]);
  return (
    <main className="mx-auto flex w-full max-w-2xl flex-col gap-6 px-4 py-6">
      <div className="flex items-start gap-3">
        <Link
          to={back.to}
          aria-label={back.label}
          title={back.label}
          className="mt-0.5 rounded-full p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          <ArrowLeft aria-hidden="true" className="h-5 w-5" />
        </Link>
        <div className="min-w-0">
          <h1 className="text-2xl font-bold text-slate-900">{title}</h1>
          {description ? <p className="mt-1 text-slate-600">{description}</p> : null}
        </div>
      </div>
      {children}
    </main>
  );
}

/** A card with a heading, the unit every settings page is made of. */
export function SettingsSection({
  id,
  title,
  description,
  children,
  tone = 'default',
}: {
  id: string;
  title: string;
  description?: string;
  children: ReactNode;
  tone?: 'default' | 'danger';
}) {
  const frame = tone === 'danger' ? 'rounded-2xl border border-red-200 bg-white shadow-sm' : cardClass;
  return (
    <section aria-labelledby={id} className={`${frame} flex flex-col gap-4 p-4 sm:p-6`}>
      <div>
        <h2
          id={id}
          className={`text-lg font-semibold ${tone === 'danger' ? 'text-red-700' : 'text-slate-900'}`}
        >
          {title}
        </h2>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      </div>
      {children}
    </section>
  );
}

/** Loading and load-failure states of a settings query; the page itself once the data is there. */
export function Loaded<T>({
  query,
  label,
  children,
}: {
  query: UseQueryResult<T>;
  label?: string;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation();
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.isError) {
    return (
      <div role="alert" className={`${cardClass} flex flex-col items-start gap-3 p-6`}>
        <p className="text-slate-700">{query.error.message}</p>
        <button type="button" onClick={() => query.refetch()} className={buttonClass}>
          {t('Try again')}
        </button>
      </div>
    );
  }
  return (
    <div className={`${cardClass} p-8`}>
      <Spinner label={label ?? t('Loading settings...')} />
    </div>
  );
}

/** A form's 'save' button (its words while saving, or `pendingLabel`) and 'Cancel'. */
export function FormActions({
  label,
  pending,
  pendingLabel,
  danger = false,
  onCancel,
}: {
  label: string;
  pending: boolean;
  pendingLabel?: string;
  danger?: boolean;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-wrap gap-2">
      <button type="submit" className={danger ? dangerButtonClass : buttonClass} disabled={pending}>
        {pending ? (pendingLabel ?? t('Saving...')) : label}
      </button>
      <button type="button" className={secondaryButtonClass} onClick={onCancel}>
        {t('Cancel')}
      </button>
    </div>
  );
}

/** The password asked before a change that guards the account (two-factor, a passkey). */
export function PasswordFirstField({
  value,
  onChange,
}: {
  value: string;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Field
      label={t('Password')}
      type="password"
      autoComplete="current-password"
      hint={t('To protect your account, enter your password first.')}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}
