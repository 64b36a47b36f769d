import { PreferenceSwitches, type SwitchSpec } from './components/PreferenceSwitches.tsx';
import { SettingsPage, SettingsSection } from './components/SettingsPage.tsx';

const MEDIA: SwitchSpec[] = [
  ['autoplay_videos', 'Autoplay videos', 'Play videos in your feed without a tap'],
  ['high_quality_images', 'High quality images', 'Load photos at full resolution'],
  ['data_saver', 'Data saver', 'Use less mobile data by loading lighter media'],
];

/** /settings/media: autoplay, image quality and data saver, saved per member. */
export default function MediaScreen() {
  return (
    <SettingsPage title="Media" description="How photos and videos load for you.">
      <SettingsSection id="settings-media" title="Media Settings">
        <PreferenceSwitches switches={MEDIA} />
      </SettingsSection>
    </SettingsPage>
  );
}
