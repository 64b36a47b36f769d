import { RequireAuth } from '@web/components/RequireAuth.tsx';
import { FullScreenSpinner } from '@web/components/Spinner.tsx';
import { lazyScreen } from '@web/lazyScreen.ts';
import { Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes, useParams } from 'react-router';

const AuthScreen = lazyScreen(() => import('@web/screens/Auth/AuthScreen.tsx'));
const AuthCallbackScreen = lazyScreen(() => import('@web/screens/AuthCallback/AuthCallbackScreen.tsx'));
const HomeScreen = lazyScreen(() => import('@web/screens/Home/HomeScreen.tsx'));
const NotFoundScreen = lazyScreen(() => import('@web/screens/NotFound/NotFoundScreen.tsx'));
const PrayerScreen = lazyScreen(() => import('@web/screens/Prayer/PrayerScreen.tsx'));
const PrayerListScreen = lazyScreen(() => import('@web/screens/Prayer/PrayerListScreen.tsx'));
const RecipesScreen = lazyScreen(() => import('@web/screens/Recipes/RecipesScreen.tsx'));
const ShoppingListScreen = lazyScreen(() => import('@web/screens/Recipes/ShoppingListScreen.tsx'));
const FoodScreen = lazyScreen(() => import('@web/screens/Food/FoodScreen.tsx'));
const ComedyScreen = lazyScreen(() => import('@web/screens/Comedy/ComedyScreen.tsx'));
const PostScreen = lazyScreen(() => import('@web/screens/Post/PostScreen.tsx'));
const PrivacyScreen = lazyScreen(() => import('@web/screens/Legal/PrivacyScreen.tsx'));
const TermsScreen = lazyScreen(() => import('@web/screens/Legal/TermsScreen.tsx'));
const CookiesScreen = lazyScreen(() => import('@web/screens/Legal/CookiesScreen.tsx'));
const AboutScreen = lazyScreen(() => import('@web/screens/About/AboutScreen.tsx'));
const ProfileScreen = lazyScreen(() => import('@web/screens/Profile/ProfileScreen.tsx'));
const MemberScreen = lazyScreen(() => import('@web/screens/Profile/MemberScreen.tsx'));
const SettingsRoutes = lazyScreen(() => import('@web/screens/Settings/SettingsRoutes.tsx'));
const MessagesScreen = lazyScreen(() => import('@web/screens/Messages/MessagesScreen.tsx'));
const TagScreen = lazyScreen(() => import('@web/screens/Tags/TagScreen.tsx'));
const SearchScreen = lazyScreen(() => import('@web/screens/Search/SearchScreen.tsx'));
const BookmarksScreen = lazyScreen(() => import('@web/screens/Bookmarks/BookmarksScreen.tsx'));
const SpotlightScreen = lazyScreen(() => import('@web/screens/Spotlight/SpotlightScreen.tsx'));
const FaithVerseRoutes = lazyScreen(() => import('@web/screens/FaithVerse/FaithVerseRoutes.tsx'));
// The room is its own route here, so opening a circle loads one chunk, not the lists' and then its own.
const CircleRoomScreen = lazyScreen(() => import('@web/screens/FaithVerse/Room/CircleRoomScreen.tsx'));
const GroupsRoutes = lazyScreen(() => import('@web/screens/Groups/GroupsRoutes.tsx'));
const EventsRoutes = lazyScreen(() => import('@web/screens/Events/EventsRoutes.tsx'));
const AdminScreen = lazyScreen(() => import('@web/screens/Admin/AdminScreen.tsx'));
const AuthorizeScreen = lazyScreen(() => import('@web/screens/OAuth/AuthorizeScreen.tsx'));

/** The screens a page load most often starts on, by path: web/main.tsx loads the one needed before the first render. */
const FIRST_SCREENS: Record<string, { preload(): Promise<void> }> = {
  '/auth': AuthScreen,
  '/': HomeScreen,
  '/prayer': PrayerScreen,
  '/food': FoodScreen,
  '/comedy': ComedyScreen,
  '/messages': MessagesScreen,
};

export async function preloadFirstScreen(pathname: string): Promise<void> {
  await FIRST_SCREENS[pathname]?.preload();
}

/**
 * Screens that work in a shop with no signal: opened with no network, they show what this device kept,
 * without the header (who is signed in cannot be asked).
 */
const OFFLINE_SCREENS = { '/recipes/shopping': <ShoppingListScreen /> };

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
          <Route path="/oauth/authorize" element={<AuthorizeScreen />} />
          <Route path="/privacy" element={<PrivacyScreen />} />
          <Route path="/terms" element={<TermsScreen />} />
          <Route path="/cookies" element={<CookiesScreen />} />
          <Route path="/about" element={<AboutScreen />} />
          <Route element={<RequireAuth offlineScreens={OFFLINE_SCREENS} />}>
            <Route path="/" element={<HomeScreen />} />
            <Route path="/prayer" element={<PrayerScreen />} />
            <Route path="/prayer/list" element={<PrayerListScreen />} />
            <Route path="/food" element={<FoodScreen />} />
            <Route path="/recipes" element={<RecipesScreen />} />
            <Route path="/recipes/shopping" element={<ShoppingListScreen />} />
            <Route path="/comedy" element={<ComedyScreen />} />
            <Route path="/post" element={<Navigate to="/" replace />} />
            <Route path="/post/:postId" element={<PostScreen />} />
            <Route path="/profile/:username" element={<ProfileScreen />} />
            <Route path="/members/:id" element={<MemberScreen />} />
            <Route path="/faithverse/circle/:id" element={<CircleRedirect />} />
            <Route path="/settings/*" element={<SettingsRoutes />} />
            <Route path="/messages" element={<MessagesScreen />} />
            <Route path="/spotlight" element={<SpotlightScreen />} />
            <Route path="/bookmarks" element={<BookmarksScreen />} />
            <Route path="/tags/:tag" element={<TagScreen />} />
            <Route path="/search" element={<SearchScreen />} />
            <Route path="/faithverse/c/:id" element={<CircleRoomScreen />} />
            <Route path="/faithverse/*" element={<FaithVerseRoutes />} />
            <Route path="/groups/*" element={<GroupsRoutes />} />
            <Route path="/events/*" element={<EventsRoutes />} />
            <Route path="/admin" element={<AdminScreen />} />
          </Route>
          <Route path="*" element={<NotFoundScreen />} />
        </Routes>
      </Suspense>
    </BrowserRouter>
  );
}
