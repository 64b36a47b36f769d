import type { ShoppingItem } from '@common/schemas/recipes.ts';
import { formatQuantityText } from '@web/components/recipes/recipeView.ts';
import { X } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** One item: a box to tick, its amount and name, the recipes it is for, and a button to remove it. */
export function ShoppingItemRow({
  item,
  onTick,
  onRemove,
  removeDisabled,
}: {
  item: ShoppingItem;
  onTick: (checked: boolean) => void;
  onRemove: () => void;
  removeDisabled: boolean;
}) {
  const { t } = useTranslation();
  const id = useId();
  // The box follows the member's click at once: the list's own copy changes a moment later (the tick
  // is applied when its request starts, after the list's earlier changes), and until then a controlled
  // box would spring back.
  const [checked, setChecked] = useState(item.checked);
  useEffect(() => setChecked(item.checked), [item.checked]);
  const amount = formatQuantityText(t, { amount: item.amount, amount_max: null, unit: item.unit });
  return (
    <li className="flex items-center gap-3 px-4 py-3">
      <input
        id={id}
        type="checkbox"
        checked={checked}
        onChange={(event) => {
          setChecked(event.target.checked);
          onTick(event.target.checked);
        }}
        className="h-5 w-5 shrink-0 rounded border-slate-300 accent-brand-600"
      />
      <label htmlFor={id} className="min-w-0 flex-1 cursor-pointer">
        <span className={`block break-words ${checked ? 'text-slate-500 line-through' : 'text-slate-900'}`}>
          {amount ? <strong className="font-semibold">{amount} </strong> : null}
          {item.item}
        </span>
        {item.recipes.length > 0 ? (
          <span className="block truncate text-xs text-slate-500">
            {t('for {{recipe}}', { recipe: item.recipes.join(', ') })}
          </span>
        ) : null}
      </label>
      <button
        type="button"
        onClick={onRemove}
        disabled={removeDisabled}
        aria-label={t('Remove {{item}}', { item: item.item })}
        title={t('Remove')}
        className="shrink-0 rounded-lg p-2 text-slate-500 hover:bg-slate-100 hover:text-slate-800 disabled:opacity-40"
      >
        <X aria-hidden="true" className="h-4 w-4" />
      </button>
    </li>
  );
}
