import { ChevronRight, type LucideIcon } from 'lucide-react';
import { Link } from 'react-router';

/** One row of the Preferences and Privacy & Security lists. */
export function SettingsLink({
  to,
  icon: Icon,
  title,
  description,
}: {
  to: string;
  icon: LucideIcon;
  title: string;
  description: string;
}) {
  return (
    <li>
      <Link
        to={to}
        className="flex items-center gap-3 rounded-xl px-3 py-3 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-500"
      >
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-50 text-brand-600">
          <Icon aria-hidden="true" className="h-5 w-5" />
        </span>
        <span className="flex min-w-0 flex-1 flex-col">
          <span className="font-medium text-slate-900">{title}</span>
          <span className="text-sm text-slate-500">{description}</span>
        </span>
        <ChevronRight aria-hidden="true" className="h-5 w-5 shrink-0 text-slate-400" />
      </Link>
    </li>
  );
}
