import { POST_CONTENT_MAX_LENGTH } from '@common/schemas/postLimits.ts';
import type { Post } from '@common/schemas/posts.ts';
import { useUpdatePost } from '@web/queries/posts.ts';
import { FormError } from '@web/ui/Field.tsx';
import { FormActions } from '@web/ui/FormActions.tsx';
import { inputClass } from '@web/ui/styles.ts';
import { type FormEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { AltTextField, WarningField } from './ComposerExtras.tsx';
import { useMentionPicker } from './useMentionPicker.tsx';

/**
 * Inline editing of a post's text, its content warning and its photo's alt text: Save or Cancel; empty
 * text is refused, an emptied warning or alt text is removed.
 */
export function PostEditForm({ post, onDone }: { post: Post; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const update = useUpdatePost();
  const [content, setContent] = useState(
    post.content === '.' && post.media_type !== 'none' ? '' : post.content,
  );
  const [warning, setWarning] = useState(post.content_warning ?? '');
  const [altText, setAltText] = useState(post.alt_text ?? '');
  const [error, setError] = useState<string | null>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);
  const mentions = useMentionPicker({ value: content, onChange: setContent, fieldRef, multiline: true });

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const trimmed = content.trim();
    if (!trimmed) {
      setError(t('The post text cannot be empty.'));
      return;
    }
    setError(null);
    try {
      await update.mutateAsync({
        id: post.id,
        content: trimmed,
        content_warning: warning.trim(),
        ...(post.media_type === 'photo' ? { alt_text: altText.trim() } : {}),
      });
      toast.success(t('Post updated'));
      onDone();
    } catch (err) {
      setError((err as Error).message);
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="flex flex-col gap-2">
      <label htmlFor={id} className="sr-only">
        {t('Edit post')}
      </label>
      <textarea
        {...mentions.fieldProps}
        ref={fieldRef}
        id={id}
        value={content}
        onChange={(e) => setContent(e.target.value)}
        onKeyDown={(e) => {
          if (mentions.onKeyDown(e)) return;
          if (e.key === 'Escape') onDone();
        }}
        rows={4}
        maxLength={POST_CONTENT_MAX_LENGTH}
        aria-invalid={error ? true : undefined}
        // biome-ignore lint/a11y/noAutofocus: the member just chose Edit; the text is what they came for.
        autoFocus
        className={inputClass}
      />
      {mentions.list}
      <WarningField value={warning} onChange={setWarning} disabled={update.isPending} />
      {post.media_type === 'photo' ? (
        <AltTextField value={altText} onChange={setAltText} disabled={update.isPending} />
      ) : null}
      <FormError message={error} />
      <FormActions
        onCancel={onDone}
        submitLabel={t('Save')}
        submittingLabel={t('Saving...')}
        submitting={update.isPending}
      />
    </form>
  );
}
