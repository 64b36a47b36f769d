import type { Post } from '@common/schemas/posts.ts';
import { addPrayerUpdateSchema, PRAYER_UPDATE_MAX } from '@common/schemas/prayer.ts';
import { usePainted } from '@web/afterPaint.ts';
import {
  useAddPrayerUpdate,
  usePrayerChanges,
  usePrayerList,
  usePrayerUpdates,
  useRenewPrayer,
  useSetOnPrayerList,
} from '@web/queries/prayer.ts';
import { FormError, fieldErrors } from '@web/ui/Field.tsx';
import { FormActions } from '@web/ui/FormActions.tsx';
import { buttonClass, secondaryButtonClass } from '@web/ui/styles.ts';
import { TextareaField } from '@web/ui/Textarea.tsx';
import { CheckCircle2, ChevronDown, ListChecks, ListPlus, MessageSquarePlus, RefreshCw } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { MarkAnsweredDialog } from './MarkAnsweredDialog.tsx';
import { needsRenewal } from './prayerState.ts';
import { RelativeTime } from './RelativeTime.tsx';

type Prayer = NonNullable<Post['prayer']>;

const smallButtonClass =
  'inline-flex items-center gap-1.5 rounded-lg px-2 py-1.5 text-sm font-medium text-slate-700 hover:bg-slate-100 disabled:opacity-60';

/** How it was answered, under the request's text. */
export function PrayerTestimony({ testimony }: { testimony: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section aria-labelledby={id} className="rounded-xl border border-emerald-200 bg-emerald-50 px-4 py-3">
      <h3 id={id} className="text-sm font-semibold text-emerald-900">
        {t('Testimony')}
      </h3>
      <p className="mt-1 whitespace-pre-wrap break-words text-slate-800">{testimony}</p>
    </section>
  );
}

/**
 * Below a prayer request: 'Still need prayer?' (its author, when it expires soon), its updates, the
 * author's 'Add an update' and 'Mark as answered', and others' 'Pray for this'. It reloads live when
 * the server says the request changed.
 */
export function PrayerDetails({
  post,
  prayer,
  own,
  updatesOpenAtFirst,
}: {
  post: Post;
  prayer: Prayer;
  own: boolean;
  updatesOpenAtFirst: boolean;
}) {
  const { t } = useTranslation();
  usePrayerChanges(post.id);
  const [answering, setAnswering] = useState(false);
  const [writing, setWriting] = useState(false);
  const formId = useId();
  const addButton = useRef<HTMLButtonElement>(null);
  // The form folds away: focus goes back to the button that opened it.
  function doneWriting() {
    setWriting(false);
    addButton.current?.focus();
  }
  const open = !prayer.answered_at && !prayer.expired;
  const asked = own && needsRenewal(prayer);
  return (
    <>
      {asked ? (
        <StillNeedPrayer postId={post.id} expired={prayer.expired} onAnswer={() => setAnswering(true)} />
      ) : null}
      {prayer.update_count > 0 ? (
        <PrayerUpdates postId={post.id} count={prayer.update_count} openAtFirst={updatesOpenAtFirst} />
      ) : null}
      {own && !prayer.answered_at ? (
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap gap-1">
            <button
              ref={addButton}
              type="button"
              aria-expanded={writing}
              aria-controls={formId}
              onClick={() => setWriting((w) => !w)}
              className={smallButtonClass}
            >
              <MessageSquarePlus aria-hidden="true" className="h-4 w-4" />
              {t('Add an update')}
            </button>
            {asked ? null : (
              <button type="button" onClick={() => setAnswering(true)} className={smallButtonClass}>
                <CheckCircle2 aria-hidden="true" className="h-4 w-4 text-emerald-600" />
                {t('Mark as answered')}
              </button>
            )}
          </div>
          {writing ? <AddUpdateForm id={formId} postId={post.id} onDone={doneWriting} /> : null}
        </div>
      ) : null}
      {!own && open ? <PrayForThis post={post} /> : null}
      {answering ? <MarkAnsweredDialog postId={post.id} onClose={() => setAnswering(false)} /> : null}
    </>
  );
}

/** The author's reminder that a request expires (or has): keep it up, or say it was answered. */
function StillNeedPrayer({
  postId,
  expired,
  onAnswer,
}: {
  postId: string;
  expired: boolean;
  onAnswer: () => void;
}) {
  const { t } = useTranslation();
  const renew = useRenewPrayer(postId);
  const id = useId();

  async function keepPraying() {
    try {
      await renew.mutateAsync();
      toast.success(t('Your request stays up.'));
    } catch (error) {
      toast.error((error as Error).message);
    }
  }

  return (
    <section
      aria-labelledby={id}
      className="flex flex-col gap-2 rounded-xl border border-amber-200 bg-amber-50 px-4 py-3"
    >
      <div>
        <h3 id={id} className="font-semibold text-amber-900">
          {t('Still need prayer?')}
        </h3>
        <p className="text-sm text-amber-900">
          {expired
            ? t('This request has expired and left the prayer feed.')
            : t('This request expires soon and will leave the prayer feed.')}
        </p>
      </div>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          onClick={() => void keepPraying()}
          disabled={renew.isPending}
          className={`${buttonClass} px-3 py-1.5 text-sm`}
        >
          <RefreshCw aria-hidden="true" className="h-4 w-4" />
          {t('Keep praying')}
        </button>
        <button type="button" onClick={onAnswer} className={`${secondaryButtonClass} px-3 py-1.5 text-sm`}>
          {t('Mark as answered')}
        </button>
      </div>
    </section>
  );
}

/** '{n} updates': opens the author's updates, oldest first, each with when it was shared. */
function PrayerUpdates({
  postId,
  count,
  openAtFirst,
}: {
  postId: string;
  count: number;
  openAtFirst: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(openAtFirst);
  const listId = useId();
  const updates = usePrayerUpdates(postId, open);
  return (
    <div className="flex flex-col gap-2">
      <button
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        className={`${smallButtonClass} self-start text-violet-800`}
      >
        <ChevronDown
          aria-hidden="true"
          className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`}
        />
        {t('{{count}} updates', { count })}
      </button>
      {open ? (
        <div id={listId}>
          {updates.isPending ? (
            <p className="text-sm text-slate-500">{t('Loading...')}</p>
          ) : updates.isError ? (
            <p role="alert" className="text-sm text-red-700">
              {updates.error.message}
            </p>
          ) : (
            <ol
              aria-label={t('Updates on this request')}
              className="flex flex-col gap-2 border-l-2 border-violet-200 pl-3"
            >
              {updates.data.updates.map((update) => (
                <li key={update.id}>
                  <p className="text-xs text-slate-500">
                    <RelativeTime iso={update.created_at} />
                  </p>
                  <p className="whitespace-pre-wrap break-words text-slate-800">{update.content}</p>
                </li>
              ))}
            </ol>
          )}
        </div>
      ) : null}
    </div>
  );
}

/** 'Add an update': a textarea and 'Post update' (the author). */
function AddUpdateForm({ id, postId, onDone }: { id: string; postId: string; onDone: () => void }) {
  const { t } = useTranslation();
  const add = useAddPrayerUpdate(postId);
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | undefined>();
  const form = useRef<HTMLFormElement>(null);

  // Opened to be written in.
  useEffect(() => {
    form.current?.querySelector('textarea')?.focus();
  }, []);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (add.isPending) return;
    const parsed = addPrayerUpdateSchema.safeParse({ content: content.trim() });
    if (!parsed.success) {
      setError(fieldErrors<'content'>(parsed.error.issues).content);
      return;
    }
    setError(undefined);
    try {
      await add.mutateAsync(parsed.data.content);
    } catch {
      return; // shown under the form from the mutation's error
    }
    toast.success(t('Update shared'));
    setContent('');
    onDone();
  }

  return (
    <form
      ref={form}
      id={id}
      onSubmit={onSubmit}
      onKeyDown={(event) => {
        if (event.key === 'Escape') onDone();
      }}
      noValidate
      className="flex flex-col gap-2"
    >
      <TextareaField
        label={t('Your update')}
        value={content}
        rows={3}
        maxLength={PRAYER_UPDATE_MAX}
        counter
        error={error}
        onChange={(changed) => setContent(changed.target.value)}
      />
      <FormError message={add.error?.message} />
      <FormActions
        onCancel={onDone}
        submitLabel={t('Post update')}
        submittingLabel={t('Posting...')}
        submitting={add.isPending}
        small
      />
    </form>
  );
}

/** 'Pray for this' puts someone else's request on the member's prayer list; then 'Undo' takes it off. */
function PrayForThis({ post }: { post: Post }) {
  const { t } = useTranslation();
  // Secondary on a feed: asked for once the feed is on the screen (web/afterPaint.ts).
  const list = usePrayerList(usePainted());
  const setListed = useSetOnPrayerList();
  const listed = list.data?.items.some((item) => item.post.id === post.id) ?? false;

  function change(listedNow: boolean) {
    setListed.mutate(
      { post, listed: listedNow },
      {
        onError: (error) =>
          toast.error(t('Could not update your prayer list'), { description: error.message }),
      },
    );
  }

  if (!list.data) return null;
  return (
    <div className="flex flex-wrap items-center gap-2 text-sm" aria-live="polite">
      {listed ? (
        <>
          <span className="inline-flex items-center gap-1.5 px-2 py-1.5 font-medium text-violet-800">
            <ListChecks aria-hidden="true" className="h-4 w-4" />
            {t('On your prayer list')}
          </span>
          <button type="button" onClick={() => change(false)} className={smallButtonClass}>
            {t('Undo')}
          </button>
        </>
      ) : (
        <button type="button" onClick={() => change(true)} className={`${smallButtonClass} text-violet-800`}>
          <ListPlus aria-hidden="true" className="h-4 w-4" />
          {t('Pray for this')}
        </button>
      )}
    </div>
  );
}
