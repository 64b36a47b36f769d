import { addShoppingItemSchema, RECIPE_UNITS } from '@common/schemas/recipes.ts';
import { type RecipeUnit, UNIT_LABELS } from '@web/components/recipes/recipeTexts.ts';
import { useAddShoppingItem } from '@web/queries/recipes.ts';
import { Field, FormError, fieldErrors } from '@web/ui/Field.tsx';
import { SelectField } from '@web/ui/Select.tsx';
import { buttonClass } from '@web/ui/styles.ts';
import { Plus } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

type Errors = Partial<Record<'item' | 'quantity' | 'unit', string>>;

/** 'Add an item' by hand, with an optional amount ('2', '1 1/2') and unit. */
export function AddShoppingItemForm({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const add = useAddShoppingItem();
  const [item, setItem] = useState('');
  const [quantity, setQuantity] = useState('');
  const [unit, setUnit] = useState<RecipeUnit | ''>('');
  const [errors, setErrors] = useState<Errors>({});

  function submit(event: FormEvent) {
    event.preventDefault();
    const body = { item, ...(quantity.trim() ? { quantity } : {}), ...(unit ? { unit } : {}) };
    const parsed = addShoppingItemSchema.safeParse(body);
    if (!parsed.success) {
      setErrors(fieldErrors<keyof Errors>(parsed.error.issues));
      return;
    }
    setErrors({});
    add.mutate(parsed.data, {
      onSuccess: () => {
        setItem('');
        setQuantity('');
        setUnit('');
      },
    });
  }

  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3">
      <Field
        label={t('Add an item')}
        value={item}
        onChange={(event) => setItem(event.target.value)}
        placeholder={t('Milk, apples, rice...')}
        maxLength={200}
        error={errors.item}
        autoComplete="off"
      />
      <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)] items-start gap-3 sm:grid-cols-[8rem_12rem_auto] sm:items-end">
        <Field
          label={t('Amount (optional)')}
          value={quantity}
          onChange={(event) => setQuantity(event.target.value)}
          inputMode="decimal"
          maxLength={30}
          error={errors.quantity}
          autoComplete="off"
        />
        <SelectField
          label={t('Unit (optional)')}
          value={unit}
          onChange={setUnit}
          placeholder={t('No unit')}
          options={RECIPE_UNITS.map((option) => [option, t(UNIT_LABELS[option])] as const)}
          error={errors.unit}
        />
        <button
          type="submit"
          disabled={disabled || add.isPending}
          className={`${buttonClass} col-span-2 sm:col-span-1`}
        >
          <Plus aria-hidden="true" className="h-4 w-4" />
          {add.isPending ? t('Adding...') : t('Add')}
        </button>
      </div>
      <FormError message={add.error?.message} />
    </form>
  );
}
