import { RECIPE_URL_MAX, type RecipeImport } from '@common/schemas/recipes.ts';
import type { useImportRecipe } from '@web/queries/recipeImport.ts';
import { describedBy } from '@web/ui/Field.tsx';
import { inputClass, labelClass } from '@web/ui/styles.ts';
import { Download } from 'lucide-react';
import { type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { smallButtonClass } from './editorStyles.ts';

/**
 * 'Import from a link': the address of a recipe page, read by the server. The editor fills itself
 * from the answer (onImported); a refusal ('No recipe was found on that page…') shows under the box.
 */
export function RecipeImportField({
  importing,
  onImported,
  disabled,
}: {
  importing: ReturnType<typeof useImportRecipe>;
  onImported: (answer: RecipeImport) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const ids = { input: useId(), error: useId() };
  const [url, setUrl] = useState('');
  const [imported, setImported] = useState(false);
  const pending = importing.isPending;
  const error = importing.error?.message;

  function start() {
    const address = url.trim();
    if (!address || pending) return;
    setImported(false);
    importing.mutate(address, {
      onSuccess: (answer) => {
        setUrl('');
        setImported(true);
        onImported(answer);
      },
    });
  }

  // Enter imports (it would otherwise post the post the editor is in).
  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    start();
  }

  return (
    <fieldset className="flex min-w-0 flex-col gap-1">
      <legend className="mb-1 font-semibold text-slate-900">{t('Import from a link')}</legend>
      <label htmlFor={ids.input} className={labelClass}>
        {t('Paste a recipe page address')}
      </label>
      <div className="flex flex-wrap gap-2">
        <input
          id={ids.input}
          type="url"
          inputMode="url"
          autoComplete="url"
          value={url}
          maxLength={RECIPE_URL_MAX}
          placeholder="https://" // i18n-ignore: a URL scheme, the same in every language
          disabled={disabled}
          readOnly={pending}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(error && ids.error)}
          onChange={(event) => {
            setUrl(event.target.value);
            if (importing.isError) importing.reset();
          }}
          onKeyDown={onKeyDown}
          className={`${inputClass} min-w-[12rem] flex-1 aria-[invalid=true]:border-red-500`}
        />
        <button
          type="button"
          onClick={start}
          // Still focusable while the page is read: focus stays where the member left it.
          disabled={disabled || !url.trim()}
          aria-disabled={pending || undefined}
          aria-busy={pending || undefined}
          className={smallButtonClass}
        >
          <Download aria-hidden="true" className="h-4 w-4" />
          {pending ? t('Importing...') : t('Import')}
        </button>
      </div>
      <p id={ids.error} role="alert" className="text-sm text-red-600 empty:hidden">
        {error ?? ''}
      </p>
      <p role="status" className="sr-only">
        {pending ? t('Importing...') : imported ? t('Recipe imported: check it before posting.') : ''}
      </p>
    </fieldset>
  );
}
