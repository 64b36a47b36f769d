import { msg } from '@web/i18n/msg.ts';
import { useTranslation } from 'react-i18next';
import { PreferenceSwitches, type SwitchSpec } from './components/PreferenceSwitches.tsx';
import { SettingsPage, SettingsSection } from './components/SettingsPage.tsx';

const MEDIA: SwitchSpec[] = [
  ['autoplay_videos', msg('Autoplay videos'), msg('Play videos in your feed without a tap')],
  ['high_quality_images', msg('High quality images'), msg('Load photos at full resolution')],
  ['data_saver', msg('Data saver'), msg('Use less mobile data by loading lighter media')],
  [
    'show_content_warnings',
    msg('Always show posts with content warnings'),
    msg('Open every post behind a warning without a tap'),
  ],
  [
    'remind_alt_text',
    msg('Remind me to add alt text'),
    msg('Ask before posting a photo without a description'),
  ],
];

/** /settings/media: autoplay, image quality, data saver, content warnings and alt text, saved per member. */
export default function MediaScreen() {
  const { t } = useTranslation();
  return (
    <SettingsPage title={t('Media')} description={t('How photos and videos load for you.')}>
      <SettingsSection id="settings-media" title={t('Media Settings')}>
        <PreferenceSwitches switches={MEDIA} />
      </SettingsSection>
    </SettingsPage>
  );
}
