import { Footer } from '@web/components/Footer.tsx';
import { currentLocale } from '@web/i18n/i18n.ts';
import { ArrowLeft } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

const articleClass = [
  'mt-8 text-base text-slate-700',
  '[&_h2]:mt-8 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:text-slate-900',
  '[&_h3]:mt-6 [&_h3]:text-lg [&_h3]:font-semibold [&_h3]:text-slate-900',
  '[&_p]:mt-3 [&_p]:leading-relaxed',
  '[&_ul]:mt-3 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-6 [&_li]:leading-relaxed',
  '[&_strong]:font-semibold [&_strong]:text-slate-900',
  '[&_a]:text-brand-700 [&_a]:underline [&_a:hover]:text-brand-600',
].join(' ');

/** Layout for long-form static pages (legal, about): back button, title, date line, article, footer. */
export function StaticPage({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const today = new Date().toLocaleDateString(currentLocale(), {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
  });

  return (
    <div className="flex min-h-screen flex-col bg-slate-50 text-slate-800">
      <main className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 sm:px-6 sm:py-12">
        <button
          type="button"
          onClick={() => navigate(-1)}
          className={[
            'inline-flex items-center gap-2 rounded-lg px-3 py-2 text-sm font-medium text-slate-600',
            'hover:bg-slate-200 hover:text-slate-900',
            'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600',
            'focus-visible:ring-offset-2 focus-visible:ring-offset-slate-50',
          ].join(' ')}
        >
          <ArrowLeft className="size-4" aria-hidden="true" />
          {t('Back')}
        </button>
        <h1 className="mt-6 text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl">{title}</h1>
        <p className="mt-2 text-sm text-slate-500">{t('Last updated: {{date}}', { date: today })}</p>
        <article className={articleClass}>{children}</article>
      </main>
      <Footer />
    </div>
  );
}
