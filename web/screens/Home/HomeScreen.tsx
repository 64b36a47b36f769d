import { secondaryButtonClass } from '@web/components/Field.tsx';
import { useSession } from '@web/queries/session.ts';
import { Trophy } from 'lucide-react';
import { Link } from 'react-router';

/** Home: side cards left and right of the centre column where the feed lives. */
export default function HomeScreen() {
  const { data: me } = useSession();
  const firstName = me?.profile.full_name.split(' ')[0] || 'friend';
  return (
    <main className="mx-auto grid max-w-7xl gap-6 px-4 py-6 lg:grid-cols-[16rem_1fr_18rem]">
      <aside aria-label="Your shortcuts" className="order-2 flex flex-col gap-4 lg:order-1">
        <Link to="/spotlight" className={secondaryButtonClass}>
          <Trophy aria-hidden="true" className="h-4 w-4 text-amber-500" />
          View Spotlight
        </Link>
      </aside>
      <section aria-labelledby="home-welcome" className="order-1 flex flex-col gap-4 lg:order-2">
        <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
          <h1 id="home-welcome" className="text-2xl font-bold text-slate-900">
            Welcome, {firstName}!
          </h1>
          <p className="mt-2 text-slate-600">
            Find friends with the search above, join a prayer circle, share a recipe or a good laugh.
          </p>
        </div>
      </section>
      <aside aria-label="Discover" className="order-3 hidden lg:block" />
    </main>
  );
}
