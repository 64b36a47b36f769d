import { RECIPE_INGREDIENTS_MAX, RECIPE_UNITS } from '@common/schemas/recipes.ts';
import { ClipboardPaste, Heading, Plus } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { smallButtonClass } from './editorStyles.ts';
import { IngredientPaste } from './IngredientPaste.tsx';
import { IngredientRow, partId, ROW_GRID, SectionRow } from './IngredientRow.tsx';
import {
  type IngredientEntry,
  type IngredientListEntry,
  newIngredient,
  newSection,
  type SectionEntry,
  withPasted,
} from './recipeDraft.ts';
import { UNIT_LABELS } from './recipeTexts.ts';

type Focus = { key: string; part: 'first' | 'remove' } | 'add' | null;

/**
 * 'Ingredients': the rows, 'Add ingredient', 'Add section' (a heading row: the rows after it belong
 * to it) and 'Paste ingredients'. Focus follows what was added or removed; Enter in a box never posts
 * the post, and in the last row it starts a new one.
 */
export function IngredientRowsEditor({
  entries,
  onChange,
  error,
  disabled,
}: {
  entries: IngredientListEntry[];
  onChange: (change: (entries: IngredientListEntry[]) => IngredientListEntry[]) => void;
  /** 'Add at least one ingredient.', once the member has tried to post. */
  error?: string | undefined;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const base = useId();
  const ids = { heading: useId(), units: useId(), error: useId() };
  const addRef = useRef<HTMLButtonElement>(null);
  const pasteRef = useRef<HTMLButtonElement>(null);
  const [focus, setFocus] = useState<Focus>(null);
  const [pasting, setPasting] = useState(false);
  const rowCount = entries.filter((entry) => entry.kind === 'ingredient').length;
  const full = rowCount >= RECIPE_INGREDIENTS_MAX;
  const firstRow = entries.find((entry) => entry.kind === 'ingredient');

  useEffect(() => {
    if (focus === null) return;
    if (focus === 'add') addRef.current?.focus();
    else document.getElementById(partId(base, focus.key, focus.part))?.focus();
    setFocus(null);
  }, [focus, base]);

  function add(entry: IngredientListEntry, after?: IngredientListEntry) {
    onChange((list) => {
      const at = after ? list.indexOf(after) + 1 : list.length;
      return [...list.slice(0, at), entry, ...list.slice(at)];
    });
    setFocus({ key: entry.key, part: 'first' });
  }

  function addSection() {
    const section = newSection();
    const row = newIngredient();
    onChange((list) => [...list, section, row]);
    setFocus({ key: section.key, part: 'first' });
  }

  // Focus goes to the remove button of the row that takes its place (or the one before it).
  function remove(index: number) {
    const next = entries[index + 1] ?? entries[index - 1];
    const key = entries[index]?.key;
    onChange((list) => list.filter((entry) => entry.key !== key));
    setFocus(next ? { key: next.key, part: 'remove' } : 'add');
  }

  function update(key: string, fields: Partial<IngredientEntry> | Partial<SectionEntry>) {
    onChange((list) =>
      list.map((entry) => (entry.key === key ? ({ ...entry, ...fields } as IngredientListEntry) : entry)),
    );
  }

  function paste(pasted: IngredientListEntry[]) {
    onChange((list) => withPasted(list, pasted));
    setPasting(false);
    if (pasted[0]) setFocus({ key: pasted[0].key, part: 'first' });
  }

  function onKeyDown(event: KeyboardEvent<HTMLOListElement>) {
    const target = event.target as HTMLElement;
    if (event.key !== 'Enter' || target.tagName !== 'INPUT') return;
    event.preventDefault();
    const last = entries[entries.length - 1];
    const inLast = target.closest('li') === event.currentTarget.lastElementChild;
    if (inLast && last?.kind === 'ingredient' && last.item.trim() && !full) add(newIngredient());
  }

  return (
    <section aria-labelledby={ids.heading} className="flex min-w-0 flex-col gap-2">
      <h4 id={ids.heading} className="font-semibold text-slate-900">
        {t('Ingredients')}
      </h4>
      {error ? (
        <p id={ids.error} className="text-sm text-red-600">
          {error}
        </p>
      ) : null}
      {rowCount > 0 ? (
        <div
          aria-hidden="true"
          className={`hidden gap-x-2 text-xs font-medium text-slate-600 sm:grid ${ROW_GRID}`}
        >
          <span>{t('Amount')}</span>
          <span>{t('Unit')}</span>
          <span>{t('Ingredient')}</span>
          <span>{t('Note')}</span>
        </div>
      ) : null}
      {entries.length > 0 ? (
        <ol onKeyDown={onKeyDown} className="flex flex-col gap-2">
          {entries.map((entry, index) => {
            const props = {
              base,
              disabled,
              onRemove: () => remove(index),
            };
            return entry.kind === 'section' ? (
              <SectionRow
                key={entry.key}
                {...props}
                entry={entry}
                onChange={(fields) => update(entry.key, fields)}
              />
            ) : (
              <IngredientRow
                key={entry.key}
                {...props}
                entry={entry}
                unitsListId={ids.units}
                itemErrorId={error && entry === firstRow ? ids.error : undefined}
                onChange={(fields) => update(entry.key, fields)}
              />
            );
          })}
        </ol>
      ) : null}
      <datalist id={ids.units}>
        {RECIPE_UNITS.map((unit) => (
          <option key={unit} value={t(UNIT_LABELS[unit])} />
        ))}
      </datalist>
      <div className="flex flex-wrap gap-2">
        <button
          ref={addRef}
          type="button"
          onClick={() => add(newIngredient())}
          disabled={disabled || full}
          className={smallButtonClass}
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
          {t('Add ingredient')}
        </button>
        <button type="button" onClick={addSection} disabled={disabled || full} className={smallButtonClass}>
          <Heading aria-hidden="true" className="h-4 w-4" />
          {t('Add section')}
        </button>
        <button
          ref={pasteRef}
          type="button"
          onClick={() => setPasting((open) => !open)}
          disabled={disabled}
          aria-expanded={pasting}
          className={smallButtonClass}
        >
          <ClipboardPaste aria-hidden="true" className="h-4 w-4" />
          {t('Paste ingredients')}
        </button>
      </div>
      {pasting ? (
        <IngredientPaste
          onPaste={paste}
          onCancel={() => {
            setPasting(false);
            pasteRef.current?.focus();
          }}
        />
      ) : null}
    </section>
  );
}
