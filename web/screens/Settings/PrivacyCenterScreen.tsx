import { DATA_DOWNLOAD_URL } from '@web/queries/settings.ts';
import { dangerButtonClass, secondaryButtonClass } from '@web/ui/styles.ts';
import { Download, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataReview } from './components/DataReview.tsx';
import { DeleteAccountDialog } from './components/DeleteAccountDialog.tsx';
import { SettingsPage, SettingsSection } from './components/SettingsPage.tsx';

/** /settings/privacy-center: review, download or delete everything Splikz holds about the member. */
export default function PrivacyCenterScreen() {
  const { t } = useTranslation();
  const [deleting, setDeleting] = useState(false);
  return (
    <SettingsPage title={t('Privacy Center')} description={t('Your data, in your hands.')}>
      <SettingsSection
        id="settings-review"
        title={t('Review your data')}
        description={t('See what Splikz holds about you.')}
      >
        <DataReview />
      </SettingsSection>
      <SettingsSection
        id="settings-download"
        title={t('Download your data')}
        description={t(
          'Get a copy of your profile, posts, comments, likes, follows, messages and more as a JSON file.',
        )}
      >
        <div>
          <a href={DATA_DOWNLOAD_URL} download className={secondaryButtonClass}>
            <Download aria-hidden="true" className="h-4 w-4" />
            {t('Download your data')}
          </a>
        </div>
      </SettingsSection>
      <SettingsSection id="settings-danger" title={t('Danger Zone')} tone="danger">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
          <div>
            <p className="font-medium text-slate-900">{t('Delete account')}</p>
            <p className="text-sm text-slate-600">{t('Permanently delete your account')}</p>
          </div>
          <button
            type="button"
            aria-haspopup="dialog"
            onClick={() => setDeleting(true)}
            className={dangerButtonClass}
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            {t('Delete account')}
          </button>
        </div>
      </SettingsSection>
      {deleting ? <DeleteAccountDialog onClose={() => setDeleting(false)} /> : null}
    </SettingsPage>
  );
}
