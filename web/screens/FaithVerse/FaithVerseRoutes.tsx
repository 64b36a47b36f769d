import { FullScreenSpinner } from '@web/components/Spinner.tsx';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';

const CirclesScreen = lazy(() => import('./CirclesScreen.tsx'));
const LiveCirclesScreen = lazy(() => import('./LiveCirclesScreen.tsx'));
const NewCircleScreen = lazy(() => import('./NewCircleScreen.tsx'));
const NotFoundScreen = lazy(() => import('@web/screens/NotFound/NotFoundScreen.tsx'));

/**
 * /faithverse and its pages (spec section 2, 'FaithVerse'; DESIGN section 6 for the two lists). The
 * room, /faithverse/c/:id, is routed in App.tsx.
 */
export default function FaithVerseRoutes() {
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <Routes>
        <Route index element={<CirclesScreen />} />
        <Route path="home" element={<LiveCirclesScreen />} />
        <Route path="new" element={<NewCircleScreen />} />
        <Route path="*" element={<NotFoundScreen />} />
      </Routes>
    </Suspense>
  );
}
