import {
  GROUP_CATEGORIES,
  GROUP_DESCRIPTION_MAX,
  GROUP_NAME_MAX,
  GROUP_PRIVACIES,
  type GroupCategory,
  type GroupPrivacy,
} from '@common/schemas/groups.ts';
import { Field } from '@web/ui/Field.tsx';
import { SelectField } from '@web/ui/Select.tsx';
import { labelClass } from '@web/ui/styles.ts';
import { TextareaField } from '@web/ui/Textarea.tsx';
import { EyeOff, Globe, Lock } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { CATEGORY_LABELS, PRIVACY_DESCRIPTIONS, PRIVACY_LABELS } from './groupTexts.ts';

export interface GroupFormValues {
  name: string;
  description: string;
  category: GroupCategory | '';
  privacy: GroupPrivacy;
}
export type GroupFormErrors = Partial<Record<keyof GroupFormValues | 'slug', string>>;

const PRIVACY_ICONS = { public: Globe, private: Lock, secret: EyeOff } as const;

/** Name, Description, Category and Privacy: the Create a Group form's and Edit group's fields. */
export function GroupFormFields({
  values,
  onChange,
  errors,
  disabled,
}: {
  values: GroupFormValues;
  onChange: (values: GroupFormValues) => void;
  errors: GroupFormErrors;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const set =
    <K extends keyof GroupFormValues>(key: K) =>
    (value: GroupFormValues[K]) =>
      onChange({ ...values, [key]: value });
  return (
    <>
      <Field
        label={t('Name')}
        name="name"
        value={values.name}
        maxLength={GROUP_NAME_MAX}
        aria-required="true"
        autoComplete="off"
        error={errors.name}
        disabled={disabled}
        onChange={(event) => set('name')(event.target.value)}
      />
      <TextareaField
        label={t('Description')}
        value={values.description}
        rows={4}
        maxLength={GROUP_DESCRIPTION_MAX}
        counter
        error={errors.description}
        disabled={disabled}
        onChange={(event) => set('description')(event.target.value)}
      />
      <SelectField
        label={t('Category')}
        value={values.category}
        onChange={set('category')}
        placeholder={t('Select a category')}
        options={GROUP_CATEGORIES.map((option) => [option, t(CATEGORY_LABELS[option])] as const)}
        error={errors.category}
        disabled={disabled}
      />
      <fieldset className="flex min-w-0 flex-col gap-2" disabled={disabled}>
        <legend className={`${labelClass} mb-1`}>{t('Privacy')}</legend>
        <div className="grid gap-2">
          {GROUP_PRIVACIES.map((privacy) => {
            const Icon = PRIVACY_ICONS[privacy];
            return (
              <label
                key={privacy}
                className="flex cursor-pointer items-start gap-3 rounded-xl border border-slate-200 bg-white p-3 text-sm hover:border-brand-200 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-500 has-[:disabled]:cursor-not-allowed has-[:disabled]:opacity-60"
              >
                <input
                  type="radio"
                  name="privacy"
                  value={privacy}
                  checked={values.privacy === privacy}
                  onChange={() => set('privacy')(privacy)}
                  className="mt-0.5 h-4 w-4 shrink-0 accent-brand-600 focus:outline-none"
                />
                <span className="min-w-0">
                  <span className="flex items-center gap-1.5 font-medium text-slate-900">
                    <Icon aria-hidden="true" className="h-4 w-4 text-slate-500" />
                    {t(PRIVACY_LABELS[privacy])}
                  </span>
                  <span className="mt-0.5 block text-slate-500">{t(PRIVACY_DESCRIPTIONS[privacy])}</span>
                </span>
              </label>
            );
          })}
        </div>
        {errors.privacy ? <p className="text-sm text-red-600">{errors.privacy}</p> : null}
      </fieldset>
    </>
  );
}

/** A refusal of the server's about one field goes by that field; anything else under the form. */
export function placeRefusal(
  error: unknown,
  fields: ReadonlyArray<keyof GroupFormErrors>,
): { field: keyof GroupFormErrors; message: string } | { field: null; message: string } {
  const message = (error as Error).message;
  const field = (error as { field?: string }).field;
  const code = (error as { code?: string }).code;
  const byCode: Record<string, keyof GroupFormErrors> = {
    group_name_length: 'name',
    group_category_invalid: 'category',
    group_privacy_invalid: 'privacy',
    group_slug_invalid: 'slug',
  };
  const known = fields.find((f) => f === field) ?? (code ? byCode[code] : undefined);
  return known && fields.includes(known) ? { field: known, message } : { field: null, message };
}
