import { setTimeout as sleep } from 'node:timers/promises';
import { readOutboxDir } from '@server/test/outbox.ts';
import { type AppHttp, cookieHeader } from './http.ts';
import type { Ledger, Member } from './ledger.ts';

/** Members sign up and confirm their email as people do (the mail lands in DATA_DIR/mail). */
export async function signUpMembers(http: AppHttp, dataDir: string, count: number): Promise<Member[]> {
  const tag = Date.now().toString(36);
  return Promise.all(
    Array.from({ length: count }, async (_, i) => {
      const email = `durability.${tag}.${i}@example.com`;
      const signUp = await http.request('POST', '/api/auth/sign-up/email', {
        body: { name: `Durability ${i}`, email, password: 'secret123', callbackURL: '/auth/callback' },
      });
      if (signUp.status !== 200)
        throw new Error(`sign-up failed: ${signUp.status} ${JSON.stringify(signUp.body)}`);
      const link = await confirmationLink(dataDir, email);
      const confirm = await http.request('GET', link.replace(http.origin, ''));
      if (confirm.status !== 302) throw new Error(`confirmation failed: ${confirm.status}`);
      const cookie = cookieHeader(confirm.setCookies);
      const me = await http.request('GET', '/api/me', { cookie });
      if (me.status !== 200) throw new Error(`the confirmed member is not signed in: ${me.status}`);
      return { id: (me.body as { id: string }).id, cookie };
    }),
  );
}

async function confirmationLink(dataDir: string, email: string): Promise<string> {
  for (let tries = 0; tries < 200; tries += 1) {
    const mail = readOutboxDir(dataDir).find((m) => m.to === email && /Confirm/.test(m.subject));
    if (mail?.links[0]) return mail.links[0];
    await sleep(50);
  }
  throw new Error(`no confirmation mail to ${email}`);
}

/**
 * What members see after the last restart: every acknowledged post opens, and each conversation shows
 * every acknowledged message exactly once, newest first.
 */
export async function verifyThroughApi(http: AppHttp, ledger: Ledger): Promise<string[]> {
  const problems: string[] = [];
  const viewer = ledger.members[0]!;
  for (const [id, post] of [...ledger.posts].slice(-100)) {
    const answer = await http.request('GET', `/api/posts/${id}`, { cookie: viewer.cookie });
    const content = (answer.body as { content?: string } | null)?.content;
    if (answer.status !== 200 || content !== post.content)
      problems.push(`GET /api/posts/${id}: ${answer.status}`);
  }
  for (const member of ledger.members) {
    for (const other of ledger.members.filter((m) => m.id > member.id)) {
      const shown: Array<{ id: string; client_id: string }> = [];
      for (let before: string | null = null, pages = 0; pages === 0 || before; pages += 1) {
        const query: string = `?limit=100${before ? `&before=${encodeURIComponent(before)}` : ''}`;
        const answer = await http.request('GET', `/api/conversations/with/${other.id}/messages${query}`, {
          cookie: member.cookie,
        });
        if (answer.status !== 200) {
          problems.push(`conversation ${member.id} ${other.id}: ${answer.status}`);
          break;
        }
        const page = answer.body as {
          messages: Array<{ id: string; client_id: string }>;
          next_cursor: string | null;
        };
        shown.push(...page.messages);
        before = page.next_cursor;
      }
      const ids = shown.map((m) => m.id);
      if (new Set(ids).size !== ids.length)
        problems.push(`conversation ${member.id} ${other.id} repeats a message`);
      if (ids.some((id, i) => i > 0 && id > ids[i - 1]!)) {
        problems.push(`conversation ${member.id} ${other.id} is not newest first`);
      }
      const onPage = new Set(shown.map((m) => m.client_id));
      for (const [clientId, sent] of ledger.messages) {
        const between = new Set([sent.sender, sent.receiver]);
        if (sent.id && between.has(member.id) && between.has(other.id) && !onPage.has(clientId)) {
          problems.push(`message ${sent.id} (client_id ${clientId}) is not in its conversation`);
        }
      }
    }
  }
  return problems;
}
