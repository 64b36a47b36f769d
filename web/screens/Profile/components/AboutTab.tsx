import {
  ABOUT_FIELD_MAX_LENGTH,
  ABOUT_FIELDS,
  type AboutField,
  isWebsiteUrl,
  type ProfilePage,
  profileDetailsSchema,
} from '@common/schemas/profiles.ts';
import { useUpdateDetails } from '@web/queries/profiles.ts';
import { Field, fieldErrors } from '@web/ui/Field.tsx';
import { FormActions } from '@web/ui/FormActions.tsx';
import { cardClass, secondaryButtonClass } from '@web/ui/styles.ts';
import { Pencil } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ABOUT_LABELS } from '../texts.ts';

type Details = Record<AboutField, string>;

const detailsOf = (profile: ProfilePage): Details =>
  Object.fromEntries(ABOUT_FIELDS.map(([field]) => [field, profile[field] ?? ''])) as Details;

function Value({ field, value }: { field: AboutField; value: string }) {
  if (field === 'website' && isWebsiteUrl(value)) {
    return (
      <a
        href={value}
        target="_blank"
        rel="noopener noreferrer nofollow"
        className="break-all font-medium text-brand-600 hover:underline"
      >
        {value}
      </a>
    );
  }
  return <span className="whitespace-pre-wrap break-words">{value}</span>;
}

function DetailsForm({ profile, onDone }: { profile: ProfilePage; onDone: () => void }) {
  const { t } = useTranslation();
  const update = useUpdateDetails();
  const [values, setValues] = useState<Details>(() => detailsOf(profile));
  const [errors, setErrors] = useState<Partial<Record<AboutField, string>>>({});

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = profileDetailsSchema.safeParse(values);
    if (!parsed.success) {
      setErrors(fieldErrors<AboutField>(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      await update.mutateAsync(parsed.data);
      toast.success(t('Profile details updated!'));
      onDone();
    } catch (error) {
      toast.error(t('Error updating profile'), { description: (error as Error).message });
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <div className="grid gap-4 sm:grid-cols-2">
        {ABOUT_FIELDS.map(([field]) => (
          <Field
            key={field}
            label={t(ABOUT_LABELS[field])}
            name={field}
            value={values[field]}
            maxLength={ABOUT_FIELD_MAX_LENGTH}
            type={field === 'website' ? 'url' : 'text'}
            placeholder={field === 'website' ? 'https://' : undefined}
            error={errors[field]}
            onChange={(event) => setValues((v) => ({ ...v, [field]: event.target.value }))}
          />
        ))}
      </div>
      <FormActions
        onCancel={onDone}
        submitLabel={t('Save details')}
        submittingLabel={t('Saving...')}
        submitting={update.isPending}
      />
    </form>
  );
}

/** About: hobbies, favourites, education, work, relationship status, places and website. */
export function AboutTab({ profile }: { profile: ProfilePage }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  const filled = ABOUT_FIELDS.filter(([field]) => profile[field]);
  const shown = profile.is_me ? ABOUT_FIELDS : filled;

  return (
    <section aria-labelledby="profile-about" className={`${cardClass} flex flex-col gap-4 p-4`}>
      <div className="flex items-center justify-between gap-2">
        <h2 id="profile-about" className="text-lg font-semibold text-slate-900">
          {t('About')}
        </h2>
        {profile.is_me && !editing ? (
          <button type="button" onClick={() => setEditing(true)} className={secondaryButtonClass}>
            <Pencil aria-hidden="true" className="h-4 w-4" />
            {t('Edit details')}
          </button>
        ) : null}
      </div>
      {editing ? (
        <DetailsForm profile={profile} onDone={() => setEditing(false)} />
      ) : shown.length === 0 ? (
        <p className="text-slate-500">
          {t('{{name}} has not added any details yet.', { name: profile.full_name || profile.username })}
        </p>
      ) : (
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
          {shown.map(([field]) => (
            <div key={field} className="min-w-0">
              <dt className="text-sm font-medium text-slate-500">{t(ABOUT_LABELS[field])}</dt>
              <dd className="text-slate-900">
                {profile[field] ? (
                  <Value field={field} value={profile[field]} />
                ) : (
                  <span className="text-slate-400">{t('Not added yet')}</span>
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
