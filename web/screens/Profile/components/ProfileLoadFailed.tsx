import { buttonClass, secondaryButtonClass } from '@web/ui/styles.ts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

/**
 * A profile that could not be opened: 'User not found' (with `note`, what may have happened) for a
 * 404, else 'Could not load this profile', the reason and 'Try again'; 'Go Home' either way.
 */
export function ProfileLoadFailed({
  missing,
  message,
  note,
  onRetry,
}: {
  missing: boolean;
  message: string;
  note?: ReactNode;
  onRetry: () => void;
}) {
  const { t } = useTranslation();
  return (
    <main className="mx-auto flex max-w-4xl flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-slate-900">
        {missing ? t('User not found') : t('Could not load this profile')}
      </h1>
      {missing ? (
        (note ?? null)
      ) : (
        <p role="alert" className="text-slate-600">
          {message}
        </p>
      )}
      <div className="flex gap-2">
        {missing ? null : (
          <button type="button" onClick={onRetry} className={secondaryButtonClass}>
            {t('Try again')}
          </button>
        )}
        <Link to="/" className={buttonClass}>
          {t('Go Home')}
        </Link>
      </div>
    </main>
  );
}
