import { FullScreenSpinner } from '@web/components/Spinner.tsx';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';

const GroupsScreen = lazy(() => import('./GroupsScreen.tsx'));
const NewGroupScreen = lazy(() => import('./NewGroupScreen.tsx'));
const GroupScreen = lazy(() => import('./GroupScreen.tsx'));

/** /groups, /groups/new and /groups/:slug (issue 25): each its own chunk. */
export default function GroupsRoutes() {
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <Routes>
        <Route index element={<GroupsScreen />} />
        <Route path="new" element={<NewGroupScreen />} />
        <Route path=":slug" element={<GroupScreen />} />
      </Routes>
    </Suspense>
  );
}
