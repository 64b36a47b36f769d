import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

/** The round arrow before a screen's heading that goes back up ('Back to Groups'): `label` is its name. */
export function BackLink({ to, label, className = '' }: { to: string; label: string; className?: string }) {
  return (
    <Link
      to={to}
      aria-label={label}
      title={label}
      className={`${className} rounded-full p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900`}
    >
      <ArrowLeft aria-hidden="true" className="h-5 w-5" />
    </Link>
  );
}
