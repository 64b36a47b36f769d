import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export interface OutboxMessage {
  to: string;
  subject: string;
  text: string;
  links: string[];
}

function decodeQuotedPrintable(input: string): string {
  const bytes = input
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8');
}

/** Messages in a dev outbox folder (DATA_DIR/mail), oldest first, with the links of their text part. */
export function readOutboxDir(dataDir: string): OutboxMessage[] {
  const dir = path.join(dataDir, 'mail');
  let files: string[] = [];
  try {
    files = readdirSync(dir).sort();
  } catch {
    return [];
  }
  return files.map((file) => {
    const raw = readFileSync(path.join(dir, file), 'utf8');
    const header = (name: string) => raw.match(new RegExp(`^${name}: (.*)$`, 'm'))?.[1]?.trim() ?? '';
    const textPart = raw.split(/Content-Type: text\/plain[^\n]*\n/)[1]?.split(/\n----_/)[0] ?? '';
    const body = textPart.replace(/^Content-Transfer-Encoding: [^\n]*\n\n?/, '');
    const text = /quoted-printable/i.test(textPart.slice(0, 80)) ? decodeQuotedPrintable(body) : body;
    return {
      to: header('To'),
      subject: decodeEncodedWords(header('Subject')),
      text,
      links: text.match(/https?:\/\/\S+/g) ?? [],
    };
  });
}

/** Waits for the newest mail to an address whose subject matches (mail may follow the answer). */
export async function waitForOutboxMail(dataDir: string, to: string, subject: RegExp, timeoutMs = 5000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const found = readOutboxDir(dataDir)
      .filter((m) => m.to === to.toLowerCase() && subject.test(m.subject))
      .at(-1);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`no mail to ${to} matching ${subject} within ${timeoutMs} ms`);
}

/** RFC 2047 encoded words in a header (a subject with non-ASCII letters): =?UTF-8?Q?…?= and =?UTF-8?B?…?=. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(data, 'base64').toString('utf8')
        : Buffer.from(
            data
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) =>
                String.fromCharCode(Number.parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    );
}
