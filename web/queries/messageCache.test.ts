import { describe, expect, it } from 'vitest';
import {
  type ChatMessage,
  type ChatPage,
  forgetUnsent,
  hasStored,
  markUnsent,
  rememberUnsent,
  withUnsent,
} from './messageCache.ts';

const OTHER = 'member-b';
const message = (fields: Partial<ChatMessage>): ChatMessage => ({
  id: 'm1',
  conversation_id: 'c1',
  sender_id: 'member-a',
  receiver_id: OTHER,
  content: 'Hello',
  created_at: '2026-12-01T10:00:00.000Z',
  is_read: false,
  client_id: null,
  ...fields,
});
const pageOf = (messages: ChatMessage[]) => ({ messages, next_cursor: null }) as unknown as ChatPage;

// A message sent at once after opening a chat must not vanish when a fetch of the chat, read before the
// server stored it (a reconnect's catch-up), lands after it was put on screen (issue 49).
describe('messages being sent survive a refetch of their chat', () => {
  it('puts an unsent message back on a page read before it was stored, newest first, once', () => {
    const older = message({ id: '0001', content: 'Earlier' });
    const first = message({ id: 'local-a', client_id: 'a', content: 'Typed at once', pending: 'sending' });
    const second = message({ id: 'local-b', client_id: 'b', content: 'And again', pending: 'sending' });
    rememberUnsent(OTHER, first);
    rememberUnsent(OTHER, second);
    const page = withUnsent(OTHER, pageOf([older]));
    expect(page.messages.map((m) => m.content)).toEqual(['And again', 'Typed at once', 'Earlier']);
    // A page that holds the stored copy (same client_id) shows it once.
    const stored = message({ id: '0002', client_id: 'a', content: 'Typed at once' });
    expect(withUnsent(OTHER, pageOf([stored, older])).messages.map((m) => m.id)).toEqual([
      'local-b',
      '0002',
      '0001',
    ]);
    forgetUnsent(OTHER, 'a');
    forgetUnsent(OTHER, 'b');
    expect(withUnsent(OTHER, pageOf([older])).messages).toHaveLength(1);
  });

  it('keeps a failed one failed across a refetch, and tells a stored copy from a local one', () => {
    const local = message({ id: 'local-c', client_id: 'c', content: 'Will fail', pending: 'sending' });
    rememberUnsent(OTHER, local);
    markUnsent(OTHER, 'c', 'failed');
    const page = withUnsent(OTHER, pageOf([]));
    expect(page.messages).toMatchObject([{ client_id: 'c', pending: 'failed', content: 'Will fail' }]);
    const chat = { pages: [page], pageParams: [null] };
    expect(hasStored(chat, 'c')).toBe(false);
    const delivered = { pages: [pageOf([message({ id: '0003', client_id: 'c' })])], pageParams: [null] };
    expect(hasStored(delivered, 'c')).toBe(true);
    expect(hasStored(undefined, 'c')).toBe(false);
    forgetUnsent(OTHER, 'c');
    // Another chat's unsent messages stay in theirs.
    rememberUnsent('member-z', message({ id: 'local-z', client_id: 'z', pending: 'sending' }));
    expect(withUnsent(OTHER, pageOf([])).messages).toEqual([]);
  });
});
