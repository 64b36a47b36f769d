import {
  INGREDIENT_ITEM_MAX,
  INGREDIENT_NOTE_MAX,
  INGREDIENT_QUANTITY_MAX,
  INGREDIENT_SECTION_MAX,
  INGREDIENT_UNIT_MAX,
} from '@common/schemas/recipes.ts';
import { describedBy } from '@web/ui/Field.tsx';
import { inputClass } from '@web/ui/styles.ts';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { iconButtonClass } from './editorStyles.ts';
import type { IngredientEntry, SectionEntry } from './recipeDraft.ts';
import { amountProblem } from './recipeProblems.ts';

/**
 * The columns of a row on a wider screen (Amount, Unit, Ingredient, Note, remove); on a phone the
 * row stacks: Amount and Unit side by side, then Ingredient and Note, the remove button top right.
 */
export const ROW_GRID = 'sm:grid-cols-[5.5rem_6.5rem_minmax(0,1fr)_minmax(0,0.8fr)_2.5rem]';

// Visible over each box on a phone; on a wider screen the column headings name them (the label stays
// for screen readers).
const cellLabelClass = 'text-xs font-medium text-slate-600 sm:sr-only';
const cellInputClass = `${inputClass} aria-[invalid=true]:border-red-500`;
const removeButtonClass = `${iconButtonClass} hover:text-red-700`;

/** The id of a row's part, for focus to go back to after rows are added, moved or removed. */
export const partId = (base: string, key: string, part: 'first' | 'remove') => `${base}-${key}-${part}`;

interface RowProps<E> {
  /** The editor's id: each box's id starts with it. */
  base: string;
  entry: E;
  onChange: (fields: Partial<E>) => void;
  onRemove: () => void;
  disabled: boolean;
}

/** One ingredient: Amount (checked as typed), Unit (offered from the list), Ingredient and Note. */
export function IngredientRow({
  base,
  entry,
  onChange,
  onRemove,
  disabled,
  unitsListId,
  itemErrorId,
}: RowProps<IngredientEntry> & {
  /** The <datalist> of units the Unit box offers. */
  unitsListId: string;
  /** The id of the message the Ingredient box is about ('Add at least one ingredient.'), if shown. */
  itemErrorId?: string | undefined;
}) {
  const { t } = useTranslation();
  const id = (field: string) => `${base}-${entry.key}-${field}`;
  const amountError = amountProblem(entry.quantity);
  return (
    <li
      className={`grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_2.75rem] gap-x-2 gap-y-2 rounded-lg border border-slate-200 bg-white p-2 sm:items-start sm:gap-y-1 sm:border-0 sm:bg-transparent sm:p-0 ${ROW_GRID}`}
    >
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={partId(base, entry.key, 'first')} className={cellLabelClass}>
          {t('Amount')}
        </label>
        <input
          id={partId(base, entry.key, 'first')}
          value={entry.quantity}
          onChange={(e) => onChange({ quantity: e.target.value })}
          maxLength={INGREDIENT_QUANTITY_MAX}
          inputMode="text"
          autoComplete="off"
          placeholder="1 ½"
          disabled={disabled}
          aria-invalid={amountError ? true : undefined}
          aria-describedby={describedBy(amountError && id('amount-error'))}
          className={cellInputClass}
        />
      </div>
      <div className="flex min-w-0 flex-col gap-1">
        <label htmlFor={id('unit')} className={cellLabelClass}>
          {t('Unit')}
        </label>
        <input
          id={id('unit')}
          value={entry.unit}
          onChange={(e) => onChange({ unit: e.target.value })}
          list={unitsListId}
          maxLength={INGREDIENT_UNIT_MAX}
          autoComplete="off"
          disabled={disabled}
          className={cellInputClass}
        />
      </div>
      <div className="col-span-3 flex min-w-0 flex-col gap-1 sm:col-span-1">
        <label htmlFor={id('item')} className={cellLabelClass}>
          {t('Ingredient')}
        </label>
        <input
          id={id('item')}
          value={entry.item}
          onChange={(e) => onChange({ item: e.target.value })}
          maxLength={INGREDIENT_ITEM_MAX}
          disabled={disabled}
          aria-invalid={itemErrorId ? true : undefined}
          aria-describedby={itemErrorId}
          className={cellInputClass}
        />
      </div>
      <div className="col-span-3 flex min-w-0 flex-col gap-1 sm:col-span-1">
        <label htmlFor={id('note')} className={cellLabelClass}>
          {t('Note')}
        </label>
        <input
          id={id('note')}
          value={entry.note}
          onChange={(e) => onChange({ note: e.target.value })}
          maxLength={INGREDIENT_NOTE_MAX}
          disabled={disabled}
          className={cellInputClass}
        />
      </div>
      <button
        id={partId(base, entry.key, 'remove')}
        type="button"
        onClick={onRemove}
        disabled={disabled}
        aria-label={t('Remove ingredient')}
        title={t('Remove ingredient')}
        className={`${removeButtonClass} col-start-3 row-start-1 self-end sm:col-start-auto sm:row-start-auto sm:self-start`}
      >
        <X aria-hidden="true" className="h-5 w-5" />
      </button>
      {amountError ? (
        <p id={id('amount-error')} className="col-span-3 text-sm text-red-600 sm:col-span-5">
          {amountError}
        </p>
      ) : null}
    </li>
  );
}

/** A section's heading ('For the sauce'): the rows after it, up to the next one, belong to it. */
export function SectionRow({ base, entry, onChange, onRemove, disabled }: RowProps<SectionEntry>) {
  const { t } = useTranslation();
  return (
    <li className="flex items-end gap-2 pt-2">
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <label htmlFor={partId(base, entry.key, 'first')} className="text-xs font-medium text-slate-600">
          {t('Section')}
        </label>
        <input
          id={partId(base, entry.key, 'first')}
          value={entry.name}
          onChange={(e) => onChange({ name: e.target.value })}
          maxLength={INGREDIENT_SECTION_MAX}
          placeholder={t('For the sauce')}
          disabled={disabled}
          className={`${inputClass} font-semibold`}
        />
      </div>
      <button
        id={partId(base, entry.key, 'remove')}
        type="button"
        onClick={onRemove}
        disabled={disabled}
        aria-label={t('Remove section')}
        title={t('Remove section')}
        className={removeButtonClass}
      >
        <X aria-hidden="true" className="h-5 w-5" />
      </button>
    </li>
  );
}
