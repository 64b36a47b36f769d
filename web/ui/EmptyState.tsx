import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cardClass } from './styles.ts';

/**
 * What an empty list says, in a card: one line ('No posts yet'), or with an icon a title and,
 * optionally, a line more (what to do about it).
 */
export function EmptyState({
  icon: Icon,
  title,
  description,
}: {
  icon?: LucideIcon;
  title: ReactNode;
  description?: ReactNode;
}) {
  if (!Icon) return <p className={`${cardClass} p-8 text-center text-slate-500`}>{title}</p>;
  return (
    <div className={`${cardClass} flex flex-col items-center gap-3 px-6 py-12 text-center`}>
      <Icon aria-hidden="true" className="h-10 w-10 text-slate-300" />
      <p className={description ? 'font-medium text-slate-700' : 'text-slate-600'}>{title}</p>
      {description ? <p className="text-sm text-slate-500">{description}</p> : null}
    </div>
  );
}
