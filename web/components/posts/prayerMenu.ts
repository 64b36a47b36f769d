import type { Post } from '@common/schemas/posts.ts';
import {
  useHidePost,
  usePrayerFollow,
  usePrayerSettings,
  usePrayerUpdates,
  useRenewPrayer,
} from '@web/queries/prayer.ts';
import { Bell, BellOff, BellRing, EyeOff, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { PostMenuItem } from './PostMenu.tsx';
import { needsRenewal } from './prayerState.ts';

/**
 * The prayer items of a request's menu: the author's 'Tell me when someone prays' and, when it expires
 * soon, 'Keep praying'; others' 'Stop updates' or 'Get updates' (known once the menu was opened), and
 * 'Hide this request' (the way to be rid of an anonymous one, whose author cannot be muted).
 */
export function usePrayerMenu(post: Post, own: boolean): { items: PostMenuItem[]; onOpen: () => void } {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const prayer = post.prayer;
  const settings = usePrayerSettings(post.id);
  const renew = useRenewPrayer(post.id);
  const follow = usePrayerFollow(post.id);
  const updates = usePrayerUpdates(post.id, opened && Boolean(prayer) && !own);
  const hide = useHidePost(post.id);
  const onOpen = () => setOpened(true);
  if (!prayer) return { items: [], onOpen };

  // `done` is said once the server agreed.
  const run = (action: Promise<unknown>, done: () => string) => {
    action.then(
      () => toast.success(done()),
      (error: Error) => toast.error(error.message),
    );
  };
  if (own) {
    const items: PostMenuItem[] = [
      {
        label: t('Tell me when someone prays'),
        icon: BellRing,
        pressed: prayer.notify_prayed,
        onSelect: () =>
          run(settings.mutateAsync({ notify_prayed: !prayer.notify_prayed }), () =>
            prayer.notify_prayed
              ? t("You won't be told when someone prays")
              : t("You'll be told when someone prays"),
          ),
      },
    ];
    if (needsRenewal(prayer))
      items.push({
        label: t('Keep praying'),
        icon: RefreshCw,
        onSelect: () => run(renew.mutateAsync(), () => t('Your request stays up.')),
      });
    return { items, onOpen };
  }
  const hideItem: PostMenuItem = {
    label: t('Hide this request'),
    icon: EyeOff,
    onSelect: () =>
      hide.mutateAsync(true).then(
        () =>
          toast.success(t('Request hidden from your feeds'), {
            action: { label: t('Undo'), onClick: () => void hide.mutateAsync(false).catch(() => undefined) },
          }),
        (error: Error) => toast.error(error.message),
      ),
  };
  if (prayer.answered_at) return { items: [hideItem], onOpen };
  const following = updates.data?.following ?? true;
  return {
    items: [
      hideItem,
      following
        ? {
            label: t('Stop updates'),
            icon: BellOff,
            onSelect: () => run(follow.mutateAsync(false), () => t('You will no longer get its updates')),
          }
        : {
            label: t('Get updates'),
            icon: Bell,
            onSelect: () => run(follow.mutateAsync(true), () => t('You will get its updates')),
          },
    ],
    onOpen,
  };
}
