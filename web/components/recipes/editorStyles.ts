import { secondaryButtonClass } from '@web/ui/styles.ts';

/** The recipe editor's smaller buttons ('Add ingredient', 'Add step'): a finger's height on a phone. */
export const smallButtonClass = `${secondaryButtonClass} min-h-11 px-3 text-sm sm:min-h-9`;

/** A row's icon buttons (remove, move up, move down): 44 px on a phone, 40 px on a wider screen. */
export const iconButtonClass =
  'inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40 sm:h-10 sm:w-10';
