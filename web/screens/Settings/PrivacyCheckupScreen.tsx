import { Eye, MessageCircle } from 'lucide-react';
import { SettingsPage, SettingsSection } from './components/SettingsPage.tsx';

/** /settings/privacy-checkup: who can see and reach the member (fixed for everyone for now). */
export default function PrivacyCheckupScreen() {
  return (
    <SettingsPage title="Privacy Checkup" description="A quick look at who can see and reach you.">
      <SettingsSection id="settings-checkup" title="Your privacy at a glance">
        <ul className="flex flex-col gap-3">
          <li className="flex items-center gap-3">
            <Eye aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-600" />
            <span className="text-slate-700">
              Who can see your posts: <strong className="text-slate-900">Public</strong>
            </span>
          </li>
          <li className="flex items-center gap-3">
            <MessageCircle aria-hidden="true" className="h-5 w-5 shrink-0 text-brand-600" />
            <span className="text-slate-700">
              Who can message you: <strong className="text-slate-900">Friends</strong>
            </span>
          </li>
        </ul>
      </SettingsSection>
    </SettingsPage>
  );
}
