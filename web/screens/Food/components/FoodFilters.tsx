import { DIET_TAGS, type DietTag } from '@common/schemas/recipes.ts';
import { DIET_TAG_LABELS } from '@web/components/recipes/recipeTexts.ts';
import { Search } from 'lucide-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

/** GET /api/posts's `ingredient` is at most 60 characters (common/schemas/posts.ts feedQuerySchema). */
const INGREDIENT_SEARCH_MAX = 60;

const chipClass =
  'inline-flex min-h-11 shrink-0 items-center rounded-full border border-slate-300 bg-white px-3.5 text-sm font-medium text-slate-700 hover:bg-slate-50 aria-pressed:border-brand-600 aria-pressed:bg-brand-600 aria-pressed:text-white sm:min-h-9';

/** The food feed's filters: one diet ('All' or a tag) and 'Search by ingredient'. */
export function FoodFilters({
  diet,
  onDietChange,
  ingredient,
  onIngredientChange,
}: {
  diet: DietTag | '';
  onDietChange: (diet: DietTag | '') => void;
  /** As typed; the screen asks the server once typing stops. */
  ingredient: string;
  onIngredientChange: (ingredient: string) => void;
}) {
  const { t } = useTranslation();
  const searchId = useId();
  const options: Array<[DietTag | '', string]> = [
    ['', t('All')],
    ...DIET_TAGS.map((tag) => [tag, t(DIET_TAG_LABELS[tag])] as [DietTag, string]),
  ];
  return (
    <section aria-label={t('Filter recipes')} className="flex flex-col gap-3">
      {/* One row that scrolls sideways on a phone (the feed stays near the top), wrapped when wider. */}
      <fieldset className="-mx-4 flex min-w-0 items-center gap-2 overflow-x-auto px-4 py-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0">
        <legend className="sr-only">{t('Diet')}</legend>
        {options.map(([value, label]) => (
          <button
            key={value || 'all'}
            type="button"
            aria-pressed={diet === value}
            onClick={() => onDietChange(value)}
            className={chipClass}
          >
            {label}
          </button>
        ))}
      </fieldset>
      <div className="relative">
        <label htmlFor={searchId} className="sr-only">
          {t('Search by ingredient')}
        </label>
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-400"
        />
        <input
          id={searchId}
          type="search"
          value={ingredient}
          maxLength={INGREDIENT_SEARCH_MAX}
          placeholder={t('Search by ingredient')}
          autoComplete="off"
          enterKeyHint="search"
          onChange={(event) => onIngredientChange(event.target.value)}
          className="w-full rounded-full border border-slate-300 bg-white py-2.5 pr-4 pl-9 text-slate-900 placeholder:text-slate-500 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100"
        />
      </div>
    </section>
  );
}
