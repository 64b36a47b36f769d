import { MESSAGE_MAX_LENGTH } from '@common/schemas/messages.ts';
import { SendHorizontal } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** The counter shows from here on. */
const COUNTER_FROM = MESSAGE_MAX_LENGTH - 200;

// What was typed but not sent, per conversation (viewer and member), so switching loses nothing.
const drafts = new Map<string, string>();

/** The message box: Enter sends, Shift+Enter starts a new line; nothing blank or too long is sent. */
export function MessageComposer({
  draftKey,
  otherName,
  disabled,
  onSend,
}: {
  draftKey: string;
  otherName: string;
  disabled: boolean;
  onSend: (content: string) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [text, setText] = useState(() => drafts.get(draftKey) ?? '');
  const content = text.trim();
  const tooLong = content.length > MESSAGE_MAX_LENGTH;
  const canSend = !disabled && content.length > 0 && !tooLong;

  function change(value: string) {
    setText(value);
    if (value) drafts.set(draftKey, value);
    else drafts.delete(draftKey);
  }

  function send(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend) return;
    onSend(content);
    change('');
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key !== 'Enter' || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    send();
  }

  return (
    <form onSubmit={send} className="border-t border-slate-200 bg-white p-3">
      <div className="flex items-end gap-2">
        <label htmlFor={id} className="sr-only">
          {t('Message {{name}}', { name: otherName })}
        </label>
        <textarea
          id={id}
          value={text}
          onChange={(e) => change(e.target.value)}
          onKeyDown={onKeyDown}
          rows={1}
          placeholder={t('Type a message...')}
          aria-invalid={tooLong || undefined}
          aria-describedby={text.length >= COUNTER_FROM ? `${id}-count` : undefined}
          className="max-h-40 min-h-10 flex-1 resize-none rounded-2xl border border-slate-300 bg-white px-4 py-2 text-slate-900 [field-sizing:content] placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-red-500"
        />
        <button
          type="submit"
          disabled={!canSend}
          aria-label={t('Send message')}
          title={t('Send (Enter)')}
          className="inline-flex h-10 w-10 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white hover:bg-brand-700 disabled:cursor-not-allowed disabled:opacity-50"
        >
          <SendHorizontal aria-hidden="true" className="h-5 w-5" />
        </button>
      </div>
      {text.length >= COUNTER_FROM ? (
        <p
          id={`${id}-count`}
          aria-live="polite"
          className={`mt-1 px-2 text-right text-xs ${tooLong ? 'text-red-700' : 'text-slate-500'}`}
        >
          {tooLong
            ? `${t('A message can be at most {{count}} characters.', { count: MESSAGE_MAX_LENGTH })} `
            : null}
          {content.length}/{MESSAGE_MAX_LENGTH}
        </p>
      ) : null}
    </form>
  );
}
