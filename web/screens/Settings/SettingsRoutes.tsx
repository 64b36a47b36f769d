import { FullScreenSpinner } from '@web/components/Spinner.tsx';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';

const SettingsScreen = lazy(() => import('./SettingsScreen.tsx'));
const NotificationsScreen = lazy(() => import('./NotificationsScreen.tsx'));
const LanguageScreen = lazy(() => import('./LanguageScreen.tsx'));
const MediaScreen = lazy(() => import('./MediaScreen.tsx'));
const CalendarScreen = lazy(() => import('./CalendarScreen.tsx'));
const PrivacyScreen = lazy(() => import('./PrivacyScreen.tsx'));
const PrivacyCheckupScreen = lazy(() => import('./PrivacyCheckupScreen.tsx'));
const PrivacyCenterScreen = lazy(() => import('./PrivacyCenterScreen.tsx'));
const ProfileDetailsScreen = lazy(() => import('./ProfileDetailsScreen.tsx'));
const SecurityScreen = lazy(() => import('./SecurityScreen.tsx'));
const AppsScreen = lazy(() => import('./AppsScreen.tsx'));
const NotFoundScreen = lazy(() => import('@web/screens/NotFound/NotFoundScreen.tsx'));

/** /settings and its pages (spec section 2, 'Settings'); each page loads when first opened. */
export default function SettingsRoutes() {
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <Routes>
        <Route index element={<SettingsScreen />} />
        <Route path="notifications" element={<NotificationsScreen />} />
        <Route path="language" element={<LanguageScreen />} />
        <Route path="media" element={<MediaScreen />} />
        <Route path="calendar" element={<CalendarScreen />} />
        <Route path="privacy" element={<PrivacyScreen />} />
        <Route path="privacy-checkup" element={<PrivacyCheckupScreen />} />
        <Route path="privacy-center" element={<PrivacyCenterScreen />} />
        <Route path="profile-details" element={<ProfileDetailsScreen />} />
        <Route path="security" element={<SecurityScreen />} />
        <Route path="apps" element={<AppsScreen />} />
        <Route path="*" element={<NotFoundScreen />} />
      </Routes>
    </Suspense>
  );
}
