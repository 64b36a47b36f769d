import type { ProfilePage } from '@common/schemas/profiles.ts';
import { ApiError } from '@web/api/client.ts';
import { Avatar } from '@web/components/Avatar.tsx';
import { Spinner } from '@web/components/Spinner.tsx';
import { msg } from '@web/i18n/msg.ts';
import { useFollowList } from '@web/queries/follows.ts';
import { Dialog, DialogHeader } from '@web/ui/Dialog.tsx';
import { secondaryButtonClass } from '@web/ui/styles.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

const EMPTY = { followers: msg('No followers yet'), following: msg('Not following anyone yet') };

/** The members who follow this profile, or whom it follows; private lists say so. */
export function FollowListDialog({
  profile,
  direction,
  onClose,
}: {
  profile: ProfilePage;
  direction: 'followers' | 'following';
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const list = useFollowList(profile.id, direction);
  const profiles = list.data?.pages.flatMap((page) => page.profiles) ?? [];
  const hidden = list.error instanceof ApiError && list.error.status === 403;

  return (
    <Dialog onClose={onClose}>
      <div className="flex max-h-[80vh] flex-col">
        <DialogHeader
          title={direction === 'followers' ? t('Followers') : t('Following')}
          onClose={onClose}
          className="border-b border-slate-200 px-5 py-3"
        />
        <div className="overflow-y-auto p-3">
          {list.isPending ? (
            <div className="p-4">
              <Spinner label={t('Loading members...')} />
            </div>
          ) : list.isError && profiles.length === 0 ? (
            <p role={hidden ? undefined : 'alert'} className="p-4 text-center text-slate-600">
              {list.error.message}
            </p>
          ) : profiles.length === 0 ? (
            <p className="p-4 text-center text-slate-500">{t(EMPTY[direction])}</p>
          ) : (
            <ul className="flex flex-col">
              {profiles.map((member) => (
                <li key={member.id}>
                  <Link
                    to={`/profile/${encodeURIComponent(member.username)}`}
                    onClick={onClose}
                    className="flex items-center gap-3 rounded-xl p-2 hover:bg-slate-50"
                  >
                    <Avatar url={member.avatar_url} name={member.full_name} />
                    <span className="min-w-0">
                      <span className="block truncate font-semibold text-slate-900">
                        {member.full_name || member.username}
                      </span>
                      <span className="block truncate text-sm text-slate-500">@{member.username}</span>
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
          {list.hasNextPage ? (
            <div className="flex justify-center p-2">
              <button
                type="button"
                onClick={() => void list.fetchNextPage()}
                disabled={list.isFetchingNextPage}
                className={secondaryButtonClass}
              >
                {list.isFetchingNextPage ? t('Loading...') : t('Load more')}
              </button>
            </div>
          ) : null}
        </div>
      </div>
    </Dialog>
  );
}
