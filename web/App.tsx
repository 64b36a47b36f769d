import { RequireAuth } from '@web/components/RequireAuth.tsx';
import { FullScreenSpinner } from '@web/components/Spinner.tsx';
import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, RouterProvider, useParams } from 'react-router';

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

const router = createBrowserRouter([
  { path: '/auth', element: <AuthScreen /> },
  { path: '/auth/callback', element: <AuthCallbackScreen /> },
  { path: '/privacy', element: <PrivacyScreen /> },
  { path: '/terms', element: <TermsScreen /> },
  { path: '/cookies', element: <CookiesScreen /> },
  { path: '/about', element: <AboutScreen /> },
  {
    element: <RequireAuth />,
    children: [
      { path: '/', element: <HomeScreen /> },
      { path: '/prayer', element: <PrayerScreen /> },
      { path: '/food', element: <FoodScreen /> },
      { path: '/comedy', element: <ComedyScreen /> },
      { path: '/post', element: <Navigate to="/" replace /> },
      { path: '/post/:postId', element: <PostScreen /> },
      { path: '/profile/:username', element: <ProfileScreen /> },
      { path: '/faithverse/circle/:id', element: <CircleRedirect /> },
      { path: '/settings/*', element: <SettingsRoutes /> },
      { path: '/messages', element: <MessagesScreen /> },
      { path: '/spotlight', element: <SpotlightScreen /> },
      { path: '/faithverse/c/:id', element: <CircleRoomScreen /> },
      { path: '/faithverse/*', element: <FaithVerseRoutes /> },
      { path: '/admin', element: <AdminScreen /> },
    ],
  },
  { path: '*', element: <NotFoundScreen /> },
]);

export function App() {
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <RouterProvider router={router} />
    </Suspense>
  );
}
