import type { ConversationBox } from '@common/schemas/messages.ts';
import { useChatIsRequest, useChatPartner } from '@web/queries/messages.ts';
import { useSession } from '@web/queries/session.ts';
import { MessageCircle } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { BoxHeader } from './components/BoxHeader.tsx';
import { ChatPane } from './components/ChatPane.tsx';
import { ConversationList } from './components/ConversationList.tsx';
import { MESSAGE_KEYS } from './texts.ts';
import { useMessagesLive } from './useMessagesLive.ts';

/**
 * /messages (spec section 2, 'Messages'): the conversation list and the chat with the member named
 * by `?to={username}` (the URL is the only selection). `?box=requests` lists 'Message requests'
 * instead of the inbox. Two panes from md up; below, one at a time.
 */
export default function MessagesScreen() {
  const { t } = useTranslation();
  const { data: me } = useSession();
  const [params] = useSearchParams();
  const to = params.get('to')?.trim() || null;
  const box: ConversationBox = params.get('box') === 'requests' ? 'requests' : 'inbox';
  const viewerId = me?.id ?? '';
  const partner = useChatPartner(to, me?.profile.username ?? '', box);
  const partnerId = partner.state === 'found' ? partner.participant.id : null;
  const isRequest = useChatIsRequest(partnerId);
  useMessagesLive(viewerId, partnerId, isRequest === false);
  if (!me) return null;

  return (
    <main className="mx-auto flex h-[calc(100dvh-4rem)] max-w-6xl bg-white md:border-x md:border-slate-200">
      {/* On a phone an open chat hides the list and its heading: the page keeps its title for screen readers. */}
      {to ? <h1 className="sr-only md:hidden">{t('Messages')}</h1> : null}
      <section
        aria-labelledby="messages-heading"
        className={`${to ? 'hidden md:flex' : 'flex'} w-full min-w-0 flex-col border-slate-200 md:w-80 md:shrink-0 md:border-r`}
      >
        <h1
          id="messages-heading"
          className="border-b border-slate-200 px-4 py-3 text-xl font-bold text-slate-900"
        >
          {t('Messages')}
        </h1>
        <BoxHeader box={box} />
        <ConversationList viewerId={me.id} selected={to} box={box} />
      </section>
      <section aria-label={t('Chat')} className={`${to ? 'flex' : 'hidden md:flex'} min-w-0 flex-1 flex-col`}>
        {to ? (
          <ChatPane partner={partner} username={to} viewerId={me.id} box={box} />
        ) : (
          <div className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center text-slate-500">
            <MessageCircle aria-hidden="true" className="h-10 w-10 text-slate-300" />
            <p>{t(MESSAGE_KEYS.pickConversation)}</p>
          </div>
        )}
      </section>
    </main>
  );
}
