import {
  GROUP_SLUG_MAX,
  type Group,
  type UpdateGroupInput,
  updateGroupSchema,
} from '@common/schemas/groups.ts';
import { useUpdateGroup } from '@web/queries/groups.ts';
import { Field, FormError, fieldErrors } from '@web/ui/Field.tsx';
import { FormActions } from '@web/ui/FormActions.tsx';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import {
  type GroupFormErrors,
  GroupFormFields,
  type GroupFormValues,
  placeRefusal,
} from './GroupFormFields.tsx';
import { isGroupOwner } from './groupRules.ts';
import { groupPagePath } from './groupTexts.ts';

const FIELDS = ['name', 'description', 'category', 'privacy', 'slug'] as const;

/** Edit group, in place of the About text: name, description, category, privacy; the owner also the address. */
export function EditGroupForm({ group, onDone }: { group: Group; onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const update = useUpdateGroup(group.slug);
  const owner = isGroupOwner(group);
  const [values, setValues] = useState<GroupFormValues>({
    name: group.name,
    description: group.description,
    category: group.category,
    privacy: group.privacy,
  });
  const [slug, setSlug] = useState(group.slug);
  const [errors, setErrors] = useState<GroupFormErrors>({});
  const [formError, setFormError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (update.isPending) return;
    // Only what changed is sent: an admin's edit never carries the address, which is the owner's.
    const input: UpdateGroupInput = {};
    if (values.name !== group.name) input.name = values.name;
    if (values.description !== group.description) input.description = values.description;
    if (values.category && values.category !== group.category) input.category = values.category;
    if (values.privacy !== group.privacy) input.privacy = values.privacy;
    if (owner && slug.trim() !== group.slug) input.slug = slug.trim();
    const parsed = updateGroupSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(fieldErrors<keyof GroupFormErrors>(parsed.error.issues));
      return;
    }
    setErrors({});
    setFormError(null);
    if (Object.keys(parsed.data).length === 0) {
      onDone();
      return;
    }
    try {
      const saved = await update.mutateAsync(parsed.data);
      toast.success(t('Group updated'));
      onDone();
      if (saved.slug !== group.slug) navigate(groupPagePath(saved.slug), { replace: true });
    } catch (error) {
      const refusal = placeRefusal(error, FIELDS);
      if (refusal.field) setErrors({ [refusal.field]: refusal.message });
      else setFormError(refusal.message);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-label={t('Edit group')} className="flex flex-col gap-4">
      <GroupFormFields values={values} onChange={setValues} errors={errors} disabled={update.isPending} />
      {owner ? (
        <Field
          label={t('Address')}
          name="slug"
          value={slug}
          maxLength={GROUP_SLUG_MAX}
          autoComplete="off"
          hint={t('Lowercase letters, numbers and dashes: /groups/{{slug}}', { slug: slug.trim() || '…' })}
          error={errors.slug}
          disabled={update.isPending}
          onChange={(event) => setSlug(event.target.value)}
        />
      ) : null}
      <FormError message={formError} />
      <FormActions
        onCancel={onDone}
        submitLabel={t('Save')}
        submittingLabel={t('Saving...')}
        submitting={update.isPending}
        wrap
      />
    </form>
  );
}
