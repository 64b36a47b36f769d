import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Extra headers (List-Unsubscribe and List-Unsubscribe-Post on notification emails). */
  headers?: Record<string, string>;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

type Log = (message: string) => void;

/** Sends through SMTP_URL when set; otherwise writes each message to DATA_DIR/mail as an .eml file. */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  dataDir: string;
  log: Log;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  const outbox = path.join(options.dataDir, 'mail');
  mkdirSync(outbox, { recursive: true });
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  let sequence = 0;
  return {
    async send(message) {
      const info = await transport.sendMail({ from: options.from, ...message });
      sequence += 1;
      const slug = message.to.replace(/[^a-zA-Z0-9@._-]/g, '_');
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${String(sequence).padStart(4, '0')}-${slug}.eml`;
      const file = path.join(outbox, name);
      writeFileSync(file, info.message as Buffer);
      const links = message.text.match(/https?:\/\/\S+/g) ?? [];
      options.log(
        [
          `Mail to ${message.to}: "${message.subject}" written to ${file}`,
          ...links.map((l) => `  link: ${l}`),
        ].join('\n'),
      );
    },
  };
}
