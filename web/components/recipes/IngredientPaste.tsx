import { RECIPE_MAX_LENGTH } from '@common/schemas/postLimits.ts';
import { TextareaField } from '@web/ui/Textarea.tsx';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { smallButtonClass } from './editorStyles.ts';
import { type IngredientListEntry, pastedEntries } from './recipeDraft.ts';

/**
 * 'Paste ingredients': a block of lines ('2 cups flour, sifted'; 'For the sauce:' starts a section)
 * read into rows, which the member then checks in the boxes.
 */
export function IngredientPaste({
  onPaste,
  onCancel,
}: {
  onPaste: (entries: IngredientListEntry[]) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>();
  const boxRef = useRef<HTMLFieldSetElement>(null);

  useEffect(() => {
    boxRef.current?.querySelector('textarea')?.focus();
  }, []);

  function add() {
    const entries = pastedEntries(text);
    if (!entries.some((entry) => entry.kind === 'ingredient')) {
      setError(t('No ingredients were found in that text: write one per line.'));
      return;
    }
    onPaste(entries);
  }

  // Escape closes this panel only, not the composer around it.
  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    onCancel();
  }

  return (
    // An unnamed group: the text box's label names it.
    <fieldset
      ref={boxRef}
      onKeyDown={onKeyDown}
      className="flex min-w-0 flex-col gap-2 rounded-lg bg-slate-50 p-3"
    >
      <TextareaField
        label={t('Paste your ingredients, one per line')}
        hint={t('For example: 2 cups flour, sifted')}
        value={text}
        rows={5}
        maxLength={RECIPE_MAX_LENGTH}
        error={error}
        onChange={(event) => {
          setText(event.target.value);
          setError(undefined);
        }}
      />
      <div className="flex flex-wrap gap-2">
        <button type="button" onClick={add} disabled={!text.trim()} className={smallButtonClass}>
          {t('Add these ingredients')}
        </button>
        <button type="button" onClick={onCancel} className={smallButtonClass}>
          {t('Cancel')}
        </button>
      </div>
    </fieldset>
  );
}
