import type { ConversationBox, Participant } from '@common/schemas/messages.ts';
import { useQueryClient } from '@tanstack/react-query';
import { Avatar } from '@web/components/Avatar.tsx';
import { type ChatMessage, markUnsent, setPending, updateChat } from '@web/queries/messageCache.ts';
import { addLocalMessage, type ChatPartner, useChat, useSendMessage } from '@web/queries/messages.ts';
import { ArrowLeft } from 'lucide-react';
import { type ReactNode, useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { MESSAGE_KEYS } from '../texts.ts';
import { ChatHistory } from './ChatHistory.tsx';
import { MessageComposer } from './MessageComposer.tsx';
import { RequestBar } from './RequestBar.tsx';

/** A random client_id; randomUUID exists only on secure origins, getRandomValues everywhere. */
function newClientId(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

function BackToList({ box }: { box: ConversationBox }) {
  const { t } = useTranslation();
  return (
    <Link
      to={box === 'requests' ? '/messages?box=requests' : '/messages'}
      aria-label={t('Back to conversations')}
      className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 md:hidden"
    >
      <ArrowLeft aria-hidden="true" className="h-5 w-5" />
    </Link>
  );
}

/** The chat with the member of `/messages?to=`, or why there is none. */
export function ChatPane({
  partner,
  username,
  viewerId,
  box,
}: {
  partner: ChatPartner;
  username: string;
  viewerId: string;
  box: ConversationBox;
}) {
  const { t } = useTranslation();
  if (partner.state === 'found') {
    return <Chat key={partner.participant.id} other={partner.participant} viewerId={viewerId} box={box} />;
  }
  let body: ReactNode = null;
  if (partner.state === 'loading') body = <p className="text-slate-500">{t('Loading…')}</p>;
  if (partner.state === 'self') body = <p className="text-slate-700">{t(MESSAGE_KEYS.toSelf)}</p>;
  if (partner.state === 'unknown') {
    body = (
      <>
        <p className="font-semibold text-slate-900">@{username}</p>
        <p className="text-slate-700">{t(MESSAGE_KEYS.unknownUsername)}</p>
      </>
    );
  }
  if (partner.state === 'error') {
    body = (
      <>
        <p className="text-slate-700">{partner.error.message}</p>
        <button type="button" onClick={partner.retry} className="font-medium text-brand-600 underline">
          {t('Try again')}
        </button>
      </>
    );
  }
  return (
    <>
      <div className="flex h-14 items-center border-b border-slate-200 px-2 md:hidden">
        <BackToList box={box} />
      </div>
      <div
        role={partner.state === 'loading' ? 'status' : 'alert'}
        className="flex flex-1 flex-col items-center justify-center gap-2 p-6 text-center"
      >
        {body}
      </div>
    </>
  );
}

function Chat({ other, viewerId, box }: { other: Participant; viewerId: string; box: ConversationBox }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const chat = useChat(other.id);
  // The server's copy of the member (fresher than the list's or the profile's).
  const member = chat.data?.pages[0]?.other ?? other;
  const name = member.full_name || member.username;
  const onFailed = useCallback(
    (error: Error) => {
      toast.error(t(MESSAGE_KEYS.sendFailed), { description: error.message });
    },
    [t],
  );
  const deliver = useSendMessage(viewerId, member, onFailed);

  function send(content: string) {
    const clientId = newClientId();
    addLocalMessage(queryClient, viewerId, member.id, content, clientId);
    void deliver(content, clientId);
  }

  const retry = useCallback(
    (message: ChatMessage) => {
      if (!message.client_id) return;
      // The same client_id: if the first try was stored after all, the server answers with it.
      markUnsent(member.id, message.client_id, 'sending');
      updateChat(queryClient, member.id, (c) => setPending(c, message.client_id!, 'sending'));
      void deliver(message.content, message.client_id);
    },
    [queryClient, member.id, deliver],
  );

  return (
    <>
      <header className="flex h-14 shrink-0 items-center gap-2 border-b border-slate-200 px-2 sm:px-3">
        <BackToList box={box} />
        <Link
          to={`/profile/${member.username}`}
          className="flex min-w-0 items-center gap-3 rounded-lg p-1 hover:bg-slate-50"
        >
          <Avatar url={member.avatar_url} name={member.full_name} size="sm" />
          <span className="min-w-0">
            <span className="block truncate font-semibold text-slate-900">{name}</span>
            <span className="block truncate text-xs text-slate-500">@{member.username}</span>
          </span>
        </Link>
        <h2 className="sr-only">{t('Conversation with {{name}}', { name })}</h2>
      </header>
      <ChatHistory viewerId={viewerId} other={member} onRetry={retry} />
      {chat.data?.pages[0]?.is_request ? <RequestBar other={member} /> : null}
      <MessageComposer
        key={member.id}
        draftKey={`${viewerId}:${member.id}`}
        otherName={name}
        disabled={!chat.data}
        onSend={send}
      />
    </>
  );
}
