import { CIRCLE_LIMITS } from '@common/schemas/circles.ts';
import { Avatar } from '@web/components/Avatar.tsx';
import { Spinner } from '@web/components/Spinner.tsx';
import { currentLocale } from '@web/i18n/i18n.ts';
import { useCircleChat, useSendChat } from '@web/queries/circles.ts';
import { buttonClass } from '@web/ui/styles.ts';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CIRCLE_KEYS } from '../components/circleTexts.ts';

/** The circle's chat (spec sections 4-5): last 200 oldest first, live; members only. */
export function ChatPanel({
  circleId,
  canChat,
  ended,
}: {
  circleId: string;
  canChat: boolean;
  ended: boolean;
}) {
  const { t } = useTranslation();
  const chat = useCircleChat(circleId, canChat);
  const send = useSendChat(circleId);
  const [text, setText] = useState('');
  const list = useRef<HTMLOListElement>(null);
  const count = chat.data?.length ?? 0;

  useEffect(() => {
    if (count > 0) list.current?.lastElementChild?.scrollIntoView({ block: 'nearest' });
  }, [count]);

  function submit(event: FormEvent) {
    event.preventDefault();
    const content = text.trim();
    if (!content || send.isPending) return;
    send.mutate(content, {
      onSuccess: () => setText(''),
      // The text stays in the box, to send again.
      onError: (error) => toast.error(t(CIRCLE_KEYS.chatFailed), { description: error.message }),
    });
  }

  return (
    <section
      aria-labelledby="circle-chat"
      className="flex min-h-72 flex-col rounded-xl border border-slate-200 bg-white"
    >
      <h2 id="circle-chat" className="border-b border-slate-200 px-4 py-3 font-semibold text-slate-900">
        {t('Chat')}
      </h2>
      {!canChat ? (
        <p className="p-4 text-sm text-slate-600">{t('Join the circle to read and write in its chat.')}</p>
      ) : chat.isPending ? (
        <Spinner />
      ) : (
        <ol
          ref={list}
          aria-live="polite"
          aria-label={t('Chat messages')}
          className="max-h-96 flex-1 space-y-3 overflow-y-auto p-4"
        >
          {count === 0 ? (
            <li className="text-sm text-slate-500">{t('No messages yet. Say hello!')}</li>
          ) : null}
          {chat.data?.map((message) => (
            <li key={message.id} className="flex gap-2">
              <Avatar url={message.user.avatar_url} name={message.user.full_name} size="sm" />
              <div className="min-w-0">
                <p className="text-sm font-semibold text-slate-900">
                  {message.user.full_name || message.user.username}{' '}
                  <time className="font-normal text-slate-500" dateTime={message.created_at}>
                    {new Date(message.created_at).toLocaleTimeString(currentLocale(), {
                      hour: '2-digit',
                      minute: '2-digit',
                    })}
                  </time>
                </p>
                <p className="whitespace-pre-wrap break-words text-sm text-slate-800">{message.content}</p>
              </div>
            </li>
          ))}
        </ol>
      )}
      {canChat && !ended ? (
        <form onSubmit={submit} className="flex gap-2 border-t border-slate-200 p-3">
          <label htmlFor="circle-chat-input" className="sr-only">
            {t('Chat message')}
          </label>
          <input
            id="circle-chat-input"
            value={text}
            onChange={(event) => setText(event.target.value)}
            maxLength={CIRCLE_LIMITS.chatMax}
            placeholder={t('Say something...')}
            autoComplete="off"
            className="min-w-0 flex-1 rounded-lg border border-slate-300 px-3 py-2 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-200"
          />
          <button type="submit" className={buttonClass} disabled={!text.trim() || send.isPending}>
            {t('Send')}
          </button>
        </form>
      ) : null}
    </section>
  );
}
