import { msg } from '@web/i18n/msg.ts';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

// Loaded on first use: the form and its validation stay out of the first page load.
const ContactDialog = lazy(() => import('./ContactDialog.tsx'));

// Labels are catalogue keys, shown as t(label); FaithVerse is the brand, the same in every language.
const quickLinks = [
  { to: '/', label: msg('Home') },
  { to: '/faithverse', label: 'FaithVerse' },
  { to: '/prayer', label: msg('Prayer') },
  { to: '/food', label: msg('Food') },
  { to: '/comedy', label: msg('Comedy') },
  { to: '/groups', label: msg('Groups') },
  { to: '/events', label: msg('Events') },
  { to: '/spotlight', label: msg('Daily Spotlight') },
];
const legalLinks = [
  { to: '/privacy', label: msg('Privacy Policy') },
  { to: '/terms', label: msg('Terms of Service') },
  { to: '/cookies', label: msg('Cookie Policy') },
];

const linkClass = 'text-slate-300 hover:text-white hover:underline';

function LinkList({ title, links }: { title: string; links: Array<{ to: string; label: string }> }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={title}>
      <h2 className="mb-3 font-semibold text-white">{title}</h2>
      <ul className="space-y-2 text-sm">
        {links.map((l) => (
          <li key={l.to}>
            <Link to={l.to} className={linkClass}>
              {t(l.label)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Site footer: Quick Links, Legal, Get in Touch (Contact Us dialog, About Us, Admin). */
export function Footer() {
  const { t } = useTranslation();
  const [contactOpen, setContactOpen] = useState(false);
  return (
    <footer className="mt-12 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-7xl gap-8 px-6 py-10 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="text-xl font-extrabold text-white">Splikz</p>
          <p className="mt-2 text-sm">{t('Faith, food and laughter, shared with friends.')}</p>
        </div>
        <LinkList title={t('Quick Links')} links={quickLinks} />
        <LinkList title={t('Legal')} links={legalLinks} />
        <div>
          <h2 className="mb-3 font-semibold text-white">{t('Get in Touch')}</h2>
          <ul className="space-y-2 text-sm">
            <li>
              <button type="button" onClick={() => setContactOpen(true)} className={linkClass}>
                {t('Contact Us')}
              </button>
            </li>
            <li>
              <Link to="/about" className={linkClass}>
                {t('About Us')}
              </Link>
            </li>
            <li>
              <Link to="/admin" className={linkClass}>
                {t('Admin')}
              </Link>
            </li>
          </ul>
        </div>
      </div>
      <p className="border-t border-slate-800 py-4 text-center text-xs text-slate-400">
        {t('© {{year}} Splikz. Open source and self-hosted.', { year: new Date().getFullYear() })}
      </p>
      {contactOpen ? (
        <Suspense fallback={null}>
          <ContactDialog onClose={() => setContactOpen(false)} />
        </Suspense>
      ) : null}
    </footer>
  );
}
