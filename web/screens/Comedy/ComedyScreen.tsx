import { Composer } from '@web/components/posts/Composer.tsx';
import { Feed } from '@web/components/posts/Feed.tsx';
import { FindShows } from './components/FindShows.tsx';

/** Comedy Zone: find shows by date, share a laugh, read the comedy feed. */
export default function ComedyScreen() {
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-6">
      <header>
        <h1 className="text-3xl font-bold text-slate-900">Comedy Zone</h1>
        <p className="mt-1 text-slate-600">Share a laugh and find comedy shows near you.</p>
      </header>
      <FindShows />
      <Composer category="comedy" title="Share Your Comedy" placeholder="Tell us something funny..." />
      <section aria-labelledby="comedy-feed" className="flex flex-col gap-4">
        <h2 id="comedy-feed" className="text-xl font-bold text-slate-900">
          Comedy Feed
        </h2>
        <Feed
          category="comedy"
          label="Comedy posts"
          emptyText="No comedy posts yet. Be the first to share a laugh!"
        />
      </section>
    </main>
  );
}
