/**
 * The style tokens every screen shares (Tailwind classes). Add to them at the use site
 * (`${cardClass} p-4`); a change here changes every screen.
 */

/** A white card: posts, side cards, settings sections, empty states. */
export const cardClass = 'rounded-2xl border border-slate-200 bg-white shadow-sm';

/** A text box, select or textarea that fills its column (Field draws its own, a little raised). */
export const inputClass =
  'w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100';

/** The label above a form control. */
export const labelClass = 'text-sm font-medium text-slate-700';

/** Button variants: on a <button>, or on a <Link>/<a>/<label> that looks like one. */
export const buttonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-brand-600 px-4 py-2 font-semibold text-white shadow-sm hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-60';
export const secondaryButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 py-2 font-medium text-slate-700 hover:bg-slate-50 disabled:opacity-60';
/** Destructive actions: Delete, Block, Remove, Suspend. */
export const dangerButtonClass =
  'inline-flex items-center justify-center gap-2 rounded-lg bg-red-600 px-4 py-2 font-semibold text-white shadow-sm hover:bg-red-700 disabled:cursor-not-allowed disabled:opacity-60';
export const linkButtonClass = 'font-medium text-brand-600 hover:text-brand-700 hover:underline';
