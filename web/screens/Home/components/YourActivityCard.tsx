import { cardClass } from '@web/components/posts/labels.ts';
import { useActivity } from '@web/queries/posts.ts';

/** Your Activity: the member's posts, and the likes and comments those received. */
export function YourActivityCard() {
  const activity = useActivity();
  const rows: Array<[label: string, value: number | undefined]> = [
    ['Posts', activity.data?.posts],
    ['Likes', activity.data?.likes_received],
    ['Comments', activity.data?.comments_received],
  ];
  return (
    <section aria-labelledby="your-activity" className={`${cardClass} p-4`}>
      <h2 id="your-activity" className="mb-3 font-semibold text-slate-900">
        Your Activity
      </h2>
      {activity.isError ? (
        <p className="text-sm text-red-700">{activity.error.message}</p>
      ) : (
        <dl className="flex flex-col gap-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="flex items-center justify-between">
              <dt className="text-slate-600">{label}</dt>
              <dd className="font-semibold text-slate-900">{value ?? '…'}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
