import { BIO_MAX_LENGTH } from '@common/limits.ts';
import type { ProfileDetailsSettings } from '@common/schemas/settings.ts';
import { useProfileDetailsSettings, useUpdateBio } from '@web/queries/settings.ts';
import { Field } from '@web/ui/Field.tsx';
import { buttonClass } from '@web/ui/styles.ts';
import { TextareaField } from '@web/ui/Textarea.tsx';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Loaded, SettingsPage, SettingsSection } from './components/SettingsPage.tsx';

// Shown, not edited here: the username and full name change under Account Settings.
const readOnlyClass = 'rounded-lg border border-slate-200 bg-slate-50 px-3 py-2 text-slate-700';

function DetailsForm({ details }: { details: ProfileDetailsSettings }) {
  const { t } = useTranslation();
  const update = useUpdateBio();
  const [bio, setBio] = useState(details.bio ?? '');

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
      <TextareaField
        label={t('Bio')}
        name="bio"
        rows={4}
        value={bio}
        maxLength={BIO_MAX_LENGTH}
        counter={(length, max) => t('{{length}}/{{max}} characters', { length, max })}
        placeholder={t('Tell people a little about yourself')}
        onChange={(event) => setBio(event.target.value)}
      />
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
