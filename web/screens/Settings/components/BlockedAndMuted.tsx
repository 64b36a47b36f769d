import type { BlockedMember } from '@common/schemas/blocks.ts';
import { Avatar } from '@web/components/Avatar.tsx';
import { useBlock, useBlockedMembers, useMute, useMutedMembers } from '@web/queries/blocks.ts';
import { secondaryButtonClass } from '@web/ui/styles.ts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { Loaded, SettingsSection } from './SettingsPage.tsx';

function MemberRow({
  member,
  action,
  pending,
  onUndo,
}: {
  member: BlockedMember;
  action: 'Unblock' | 'Unmute';
  pending: boolean;
  onUndo: () => void;
}) {
  const { t } = useTranslation();
  const name = member.full_name || member.username;
  const who = (
    <>
      <Avatar url={member.avatar_url} name={member.full_name} />
      <span className="min-w-0">
        <span className="block truncate font-medium text-slate-900">{name}</span>
        <span className="block truncate text-sm text-slate-500">@{member.username}</span>
      </span>
    </>
  );
  return (
    <li className="flex items-center justify-between gap-3 py-3">
      {/* A blocked member's profile is missing to the viewer, so only a muted one links there. */}
      {action === 'Unmute' ? (
        <Link to={`/profile/${member.username}`} className="flex min-w-0 items-center gap-3 hover:underline">
          {who}
        </Link>
      ) : (
        <span className="flex min-w-0 items-center gap-3">{who}</span>
      )}
      <button
        type="button"
        onClick={onUndo}
        disabled={pending}
        aria-label={action === 'Unmute' ? t('Unmute {{name}}', { name }) : t('Unblock {{name}}', { name })}
        className={`${secondaryButtonClass} shrink-0 px-3 py-1.5 text-sm`}
      >
        {action === 'Unmute' ? t('Unmute') : t('Unblock')}
      </button>
    </li>
  );
}

/** 'Blocked accounts': who the viewer blocked, each with Unblock. */
export function BlockedAccounts() {
  const { t } = useTranslation();
  const blocks = useBlockedMembers();
  const block = useBlock();
  async function unblock(member: BlockedMember) {
    try {
      await block.mutateAsync({ userId: member.id, block: false });
      toast.success(t('You unblocked {{name}}', { name: member.full_name || member.username }));
    } catch (error) {
      toast.error(t('Error'), { description: (error as Error).message });
    }
  }
  return (
    <SettingsSection
      id="settings-blocked"
      title={t('Blocked accounts')}
      description={t(
        'Blocked members cannot see your profile or posts, follow you, message you, post on your wall or comment on your posts, and you do not see theirs.',
      )}
    >
      <Loaded query={blocks} label={t('Loading blocked accounts...')}>
        {(data) =>
          data.members.length === 0 ? (
            <p className="text-sm text-slate-500">{t('You have not blocked anyone.')}</p>
          ) : (
            <ul aria-label={t('Blocked accounts')} className="divide-y divide-slate-100">
              {data.members.map((member) => (
                <MemberRow
                  key={member.id}
                  member={member}
                  action="Unblock"
                  pending={block.isPending}
                  onUndo={() => void unblock(member)}
                />
              ))}
            </ul>
          )
        }
      </Loaded>
    </SettingsSection>
  );
}

/** 'Muted accounts': whose posts the viewer's feeds leave out, each with Unmute. */
export function MutedAccounts() {
  const { t } = useTranslation();
  const mutes = useMutedMembers();
  const mute = useMute();
  async function unmute(member: BlockedMember) {
    try {
      await mute.mutateAsync({ userId: member.id, mute: false });
      toast.success(t('You unmuted {{name}}', { name: member.full_name || member.username }));
    } catch (error) {
      toast.error(t('Error'), { description: (error as Error).message });
    }
  }
  return (
    <SettingsSection
      id="settings-muted"
      title={t('Muted accounts')}
      description={t('Posts of muted members do not show in your feeds. They are not told.')}
    >
      <Loaded query={mutes} label={t('Loading muted accounts...')}>
        {(data) =>
          data.members.length === 0 ? (
            <p className="text-sm text-slate-500">{t('You have not muted anyone.')}</p>
          ) : (
            <ul aria-label={t('Muted accounts')} className="divide-y divide-slate-100">
              {data.members.map((member) => (
                <MemberRow
                  key={member.id}
                  member={member}
                  action="Unmute"
                  pending={mute.isPending}
                  onUndo={() => void unmute(member)}
                />
              ))}
            </ul>
          )
        }
      </Loaded>
    </SettingsSection>
  );
}
