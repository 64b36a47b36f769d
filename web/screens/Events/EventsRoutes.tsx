import { FullScreenSpinner } from '@web/components/Spinner.tsx';
import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';

const EventsScreen = lazy(() => import('./EventsScreen.tsx'));
const NewEventScreen = lazy(() => import('./NewEventScreen.tsx'));
const EventScreen = lazy(() => import('./EventScreen.tsx'));
const EditEventScreen = lazy(() => import('./EditEventScreen.tsx'));

/** /events, /events/new, /events/:id and /events/:id/edit (issue 26): each its own chunk. */
export default function EventsRoutes() {
  return (
    <Suspense fallback={<FullScreenSpinner />}>
      <Routes>
        <Route index element={<EventsScreen />} />
        <Route path="new" element={<NewEventScreen />} />
        <Route path=":id" element={<EventScreen />} />
        <Route path=":id/edit" element={<EditEventScreen />} />
      </Routes>
    </Suspense>
  );
}
