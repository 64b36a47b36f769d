import type { ProfilePage } from '@common/schemas/profiles.ts';
import { buttonClass, FormError, secondaryButtonClass } from '@web/components/Field.tsx';
import { Modal } from '@web/components/posts/Modal.tsx';
import { useBlock } from '@web/queries/blocks.ts';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';

const dangerButtonClass = buttonClass
  .replace('bg-brand-600', 'bg-red-600')
  .replace('hover:bg-brand-700', 'hover:bg-red-700');

/** Says what blocking does, then blocks. The profile then shows as blocked, with Unblock. */
export function BlockDialog({ profile, onClose }: { profile: ProfilePage; onClose: () => void }) {
  const { t } = useTranslation();
  const block = useBlock();
  const [error, setError] = useState<string | null>(null);
  const id = useId();
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
    <Modal onClose={block.isPending ? () => {} : onClose} labelledBy={`${id}-title`}>
      <div className="flex flex-col gap-4 p-6">
        <h2 id={`${id}-title`} className="text-lg font-bold text-slate-900">
          {t('Block {{name}}?', { name })}
        </h2>
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
    </Modal>
  );
}
