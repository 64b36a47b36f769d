import { markAnsweredSchema, PRAYER_TESTIMONY_MAX } from '@common/schemas/prayer.ts';
import { useMarkAnswered } from '@web/queries/prayer.ts';
import { FormDialog } from '@web/ui/Dialog.tsx';
import { FormError, fieldErrors } from '@web/ui/Field.tsx';
import { FormActions } from '@web/ui/FormActions.tsx';
import { TextareaField } from '@web/ui/Textarea.tsx';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';

/** 'Mark as answered', with an optional testimony of how it was answered (the author's). */
export function MarkAnsweredDialog({ postId, onClose }: { postId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const answer = useMarkAnswered(postId);
  const [testimony, setTestimony] = useState('');
  const [error, setError] = useState<string | undefined>();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (answer.isPending) return;
    const text = testimony.trim();
    // The shared schema gives the sentence the server would answer.
    const parsed = markAnsweredSchema.safeParse(text ? { testimony: text } : {});
    if (!parsed.success) {
      setError(fieldErrors<'testimony'>(parsed.error.issues).testimony);
      return;
    }
    setError(undefined);
    try {
      await answer.mutateAsync(text);
    } catch {
      return; // shown under the form from the mutation's error
    }
    toast.success(t('Praise God! Your prayer is marked as answered.'));
    onClose();
  }

  return (
    <FormDialog
      title={t('Mark as answered')}
      description={t('Everyone who prayed is told. Share how it was answered, if you like.')}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <TextareaField
        label={t('Testimony')}
        hint={t('Optional')}
        value={testimony}
        rows={4}
        maxLength={PRAYER_TESTIMONY_MAX}
        counter
        error={error}
        onChange={(changed) => setTestimony(changed.target.value)}
      />
      <FormError message={answer.error?.message} />
      <FormActions
        onCancel={onClose}
        submitLabel={t('Mark as answered')}
        submittingLabel={t('Saving...')}
        submitting={answer.isPending}
        wrap
      />
    </FormDialog>
  );
}
