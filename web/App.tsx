import { RequireAuth } from '@web/components/RequireAuth.tsx';
import { FullScreenSpinner } from '@web/components/Spinner.tsx';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useParams } from 'react-router';

const AuthScreen = lazy(() => import('@web/screens/Auth/AuthScreen.tsx'));
const AuthCallbackScreen = lazy(() => import('@web/screens/AuthCallback/AuthCallbackScreen.tsx'));
const HomeScreen = lazy(() => import('@web/screens/Home/HomeScreen.tsx'));
const NotFoundScreen = lazy(() => import('@web/screens/NotFound/NotFoundScreen.tsx'));
const PrayerScreen = lazy(() => import('@web/screens/Prayer/PrayerScreen.tsx'));
const FoodScreen = lazy(() => import('@web/screens/Food/FoodScreen.tsx'));
const ComedyScreen = lazy(() => import('@web/screens/Comedy/ComedyScreen.tsx'));
const PostScreen = lazy(() => import('@web/screens/Post/PostScreen.tsx'));
const PrivacyScreen = lazy(() => import('@web/screens/Legal/PrivacyScreen.tsx'));
const TermsScreen = lazy(() => import('@web/screens/Legal/TermsScreen.tsx'));
const CookiesScreen = lazy(() => import('@web/screens/Legal/CookiesScreen.tsx'));
const AboutScreen = lazy(() => import('@web/screens/About/AboutScreen.tsx'));
const ProfileScreen = lazy(() => import('@web/screens/Profile/ProfileScreen.tsx'));
const SettingsRoutes = lazy(() => import('@web/screens/Settings/SettingsRoutes.tsx'));
const MessagesScreen = lazy(() => import('@web/screens/Messages/MessagesScreen.tsx'));
const SpotlightScreen = lazy(() => import('@web/screens/Spotlight/SpotlightScreen.tsx'));
const FaithVerseRoutes = lazy(() => import('@web/screens/FaithVerse/FaithVerseRoutes.tsx'));
// The room is its own route here, so opening a circle loads one chunk, not the lists' and then its own.
const CircleRoomScreen = lazy(() => import('@web/screens/FaithVerse/Room/CircleRoomScreen.tsx'));
const AdminScreen = lazy(() => import('@web/screens/Admin/AdminScreen.tsx'));

function CircleRedirect() {
  const { id } = useParams();
  return <Navigate to={`/faithverse/c/${id ?? ''}`} replace />;
}

/**
 * Declarative routes: the app uses no loaders or actions, and BrowserRouter leaves react-router's data
 * router out of the first screen's JavaScript (about 17 KB gzip).
 */
export function App() {
  return (
    <BrowserRouter>
      <Suspense fallback={<FullScreenSpinner />}>
        <Routes>
          <Route path="/auth" element={<AuthScreen />} />
          <Route path="/auth/callback" element={<AuthCallbackScreen />} />
          <Route path="/privacy" element={<PrivacyScreen />} />
          <Route path="/terms" element={<TermsScreen />} />
          <Route path="/cookies" element={<CookiesScreen />} />
          <Route path="/about" element={<AboutScreen />} />
          <Route element={<RequireAuth />}>
            <Route path="/" element={<HomeScreen />} />
            <Route path="/prayer" element={<PrayerScreen />} />
            <Route path="/food" element={<FoodScreen />} />
            <Route path="/comedy" element={<ComedyScreen />} />
            <Route path="/post" element={<Navigate to="/" replace />} />
            <Route path="/post/:postId" element={<PostScreen />} />
            <Route path="/profile/:username" element={<ProfileScreen />} />
            <Route path="/faithverse/circle/:id" element={<CircleRedirect />} />
            <Route path="/settings/*" element={<SettingsRoutes />} />
            <Route path="/messages" element={<MessagesScreen />} />
            <Route path="/spotlight" element={<SpotlightScreen />} />
            <Route path="/faithverse/c/:id" element={<CircleRoomScreen />} />
            <Route path="/faithverse/*" element={<FaithVerseRoutes />} />
            <Route path="/admin" element={<AdminScreen />} />
          </Route>
          <Route path="*" element={<NotFoundScreen />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
