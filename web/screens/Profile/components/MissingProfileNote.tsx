import { useBlock, useBlockedMembers } from '@web/queries/blocks.ts';
import { secondaryButtonClass } from '@web/ui/styles.ts';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';

/**
 * Under 'User not found': a member the viewer blocked is missing to them too (blocks work both
 * ways), so say so and offer Unblock; anyone else simply does not exist.
 */
export function MissingProfileNote({ username }: { username: string }) {
  const { t } = useTranslation();
  const blocks = useBlockedMembers();
  const unblock = useBlock();
  const blocked = blocks.data?.members.find((m) => m.username.toLowerCase() === username.toLowerCase());
  if (!blocked)
    return <p className="text-slate-600">{t('No member goes by @{{username}}.', { username })}</p>;
  const name = blocked.full_name || blocked.username;

  async function onUnblock() {
    try {
      await unblock.mutateAsync({ userId: blocked!.id, block: false });
      toast.success(t('You unblocked {{name}}', { name }));
    } catch (error) {
      toast.error(t('Error'), { description: (error as Error).message });
    }
  }

  return (
    <div className="flex flex-col items-center gap-3">
      <p className="text-slate-600">
        {t('You blocked @{{username}}. You do not see each other.', { username: blocked.username })}
      </p>
      <button
        type="button"
        onClick={() => void onUnblock()}
        disabled={unblock.isPending}
        className={secondaryButtonClass}
      >
        {t('Unblock')}
      </button>
    </div>
  );
}
