import { msg } from '@web/i18n/msg.ts';
import { useActivity } from '@web/queries/posts.ts';
import { cardClass } from '@web/ui/styles.ts';
import { useTranslation } from 'react-i18next';

/** Your Activity: the member's posts, and the likes and comments those received. */
export function YourActivityCard() {
  const { t } = useTranslation();
  const activity = useActivity();
  const rows: Array<[label: string, value: number | undefined]> = [
    [msg('Posts'), activity.data?.posts],
    [msg('Likes'), activity.data?.likes_received],
    [msg('Comments'), activity.data?.comments_received],
  ];
  return (
    <section aria-labelledby="your-activity" className={`${cardClass} p-4`}>
      <h2 id="your-activity" className="mb-3 font-semibold text-slate-900">
        {t('Your Activity')}
      </h2>
      {activity.isError ? (
        <p className="text-sm text-red-700">{activity.error.message}</p>
      ) : (
        <dl className="flex flex-col gap-2 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="flex items-center justify-between">
              <dt className="text-slate-600">{t(label)}</dt>
              <dd className="font-semibold text-slate-900">{value ?? '…'}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
