import { BIO_MAX_LENGTH } from '@common/limits.ts';
import type { ProfileDetailsSettings } from '@common/schemas/settings.ts';
import { buttonClass, Field } from '@web/components/Field.tsx';
import { inputClass } from '@web/components/posts/labels.ts';
import { useProfileDetailsSettings, useUpdateBio } from '@web/queries/settings.ts';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Loaded, SettingsPage, SettingsSection } from './components/SettingsPage.tsx';

// Shown, not edited here: the username and full name change under Account Settings.
const readOnlyClass = 'rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-slate-700';

function DetailsForm({ details }: { details: ProfileDetailsSettings }) {
  const { t } = useTranslation();
  const update = useUpdateBio();
  const [bio, setBio] = useState(details.bio ?? '');
  const id = useId();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    try {
      const saved = await update.mutateAsync({ bio });
      setBio(saved.bio ?? '');
      toast.success(t('Profile details updated!'));
    } catch (error) {
      toast.error(t('Error updating profile'), { description: (error as Error).message });
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-4">
      <Field label={t('Username')} value={`@${details.username}`} readOnly className={readOnlyClass} />
      <Field label={t('Full Name')} value={details.full_name} readOnly className={readOnlyClass} />
      <div className="flex flex-col gap-1">
        <label htmlFor={id} className="text-sm font-medium text-slate-700">
          {t('Bio')}
        </label>
        <textarea
          id={id}
          name="bio"
          rows={4}
          value={bio}
          maxLength={BIO_MAX_LENGTH}
          aria-describedby={`${id}-count`}
          placeholder={t('Tell people a little about yourself')}
          onChange={(event) => setBio(event.target.value)}
          className={`${inputClass} resize-y`}
        />
        <p id={`${id}-count`} className="text-right text-xs text-slate-500">
          {t('{{length}}/{{max}} characters', { length: bio.length, max: BIO_MAX_LENGTH })}
        </p>
      </div>
      <div>
        <button type="submit" disabled={update.isPending} className={buttonClass}>
          {update.isPending ? t('Saving...') : t('Save Changes')}
        </button>
      </div>
    </form>
  );
}

/** /settings/profile-details: read-only username and full name, editable bio. */
export default function ProfileDetailsScreen() {
  const { t } = useTranslation();
  const details = useProfileDetailsSettings();
  return (
    <SettingsPage title={t('Profile Details')} description={t('How your profile introduces you.')}>
      <SettingsSection id="settings-details" title={t('Your details')}>
        <Loaded query={details}>{(data) => <DetailsForm details={data} />}</Loaded>
      </SettingsSection>
    </SettingsPage>
  );
}
