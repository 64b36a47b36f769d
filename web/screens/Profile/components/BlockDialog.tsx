import type { ProfilePage } from '@common/schemas/profiles.ts';
import { useBlock } from '@web/queries/blocks.ts';
import { Dialog, DialogHeader } from '@web/ui/Dialog.tsx';
import { FormError } from '@web/ui/Field.tsx';
import { dangerButtonClass, secondaryButtonClass } from '@web/ui/styles.ts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';

/** Says what blocking does, then blocks. The profile then shows as blocked, with Unblock. */
export function BlockDialog({ profile, onClose }: { profile: ProfilePage; onClose: () => void }) {
  const { t } = useTranslation();
  const block = useBlock();
  const [error, setError] = useState<string | null>(null);
  const name = profile.full_name || profile.username;

  async function confirm() {
    setError(null);
    try {
      await block.mutateAsync({ userId: profile.id, block: true });
      toast.success(t('You blocked {{name}}', { name }));
      onClose();
    } catch (e) {
      setError((e as Error).message);
    }
  }

  return (
    <Dialog onClose={block.isPending ? () => {} : onClose}>
      <div className="flex flex-col gap-4 p-6">
        <DialogHeader title={t('Block {{name}}?', { name })} />
        <ul className="list-disc space-y-1 pl-5 text-slate-600">
          <li>
            {t(
              'They will not be able to see your profile or posts, follow you, message you, post on your wall or comment on or like your posts.',
            )}
          </li>
          <li>{t('You will not see their profile or posts either.')}</li>
          <li>
            {t('You will stop following each other, and any friendship or friend request between you ends.')}
          </li>
          <li>{t('They are not told. You can unblock them in Settings, Privacy.')}</li>
        </ul>
        <FormError message={error} />
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" onClick={onClose} disabled={block.isPending} className={secondaryButtonClass}>
            {t('Cancel')}
          </button>
          <button
            type="button"
            onClick={() => void confirm()}
            disabled={block.isPending}
            className={dangerButtonClass}
          >
            {block.isPending ? t('Blocking...') : t('Block')}
          </button>
        </div>
      </div>
    </Dialog>
  );
}
