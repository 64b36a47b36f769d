import { buttonClass } from '@web/ui/styles.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export default function NotFoundScreen() {
  const { t } = useTranslation();
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-3 px-4 text-center">
      <h1 className="text-6xl font-extrabold text-brand-600">404</h1>
      <p className="text-xl text-slate-700">{t('Oops! Page not found')}</p>
      <Link to="/" className={`${buttonClass} mt-4`}>
        {t('Return to Home')}
      </Link>
    </main>
  );
}
