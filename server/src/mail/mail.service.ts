import { createTransport } from 'nodemailer';
import type { Config } from '../config.ts';

/** One email; `text` is always sent, so every client can read it (docs/operations/mail.md). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: Array<{ filename: string; content: Buffer; contentType: string }>;
}

/** The one way the server sends email: built once from SMTP_URL and MAIL_FROM by the runtime, which closes it. */
export interface Mailer {
  /** Resolves once the SMTP server has accepted the message; throws otherwise (see isPermanentMailError). */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/**
 * An outbox delivery holds its lease while it sends (decision 017), so a server that does not
 * answer, greet or reply within seconds is left for a retry rather than waited on.
 */
const CONNECTION_TIMEOUT_MS = 5_000;
const GREETING_TIMEOUT_MS = 5_000;
const SOCKET_TIMEOUT_MS = 20_000;
const DNS_TIMEOUT_MS = 5_000;

export interface MailSettings {
  smtpUrl: string;
  from: string;
}

export function createMailer({ smtpUrl, from }: MailSettings): Mailer {
  const transport = createTransport(
    {
      url: smtpUrl,
      connectionTimeout: CONNECTION_TIMEOUT_MS,
      greetingTimeout: GREETING_TIMEOUT_MS,
      socketTimeout: SOCKET_TIMEOUT_MS,
      dnsTimeout: DNS_TIMEOUT_MS,
    },
    { from },
  );
  return {
    async send({ to, subject, text, html, attachments }) {
      await transport.sendMail({ to, subject, text, html, attachments });
    },
    close: () => transport.close(),
  };
}

/** The mailer SMTP_URL configures, or none: email is off without it. */
export function mailerFromConfig(mail: Config['mail']): Mailer | undefined {
  const { smtpUrl, from } = mail;
  return smtpUrl && from ? createMailer({ smtpUrl, from }) : undefined;
}

interface SmtpError {
  code?: unknown;
  responseCode?: unknown;
  command?: unknown;
}

const smtpError = (error: unknown): SmtpError => (typeof error === 'object' && error !== null ? error : {});

/**
 * A recipient the server refuses for good (a 5xx answer to RCPT TO: no such mailbox) stays
 * refused; a server that is down, slow, busy (4xx) or refusing us (a wrong password) may recover.
 */
export function isPermanentMailError(error: unknown): boolean {
  const { responseCode, command } = smtpError(error);
  return command === 'RCPT TO' && typeof responseCode === 'number' && responseCode >= 500 && responseCode < 600;
}

/**
 * The failure without the server's own words, which often repeat the recipient's address: the
 * delivery row and the log hold no personal data (domain/contracts/outbox.ts).
 */
export function describeMailError(error: unknown): string {
  const { code, responseCode, command } = smtpError(error);
  const unreachable = typeof code === 'string' && UNREACHABLE.has(code) && error instanceof Error;
  const parts = [
    typeof code === 'string' ? code : error instanceof Error ? error.name : 'error',
    typeof command === 'string' ? `on ${command}` : undefined,
    typeof responseCode === 'number' ? `answered ${responseCode}` : undefined,
    unreachable ? `(${error.message})` : undefined,
  ];
  return parts.filter(Boolean).join(' ').slice(0, 300);
}

/** Failures to reach the server at all, whose messages name only the server (connect ECONNREFUSED 127.0.0.1:25). */
const UNREACHABLE = new Set(['ECONNECTION', 'ETIMEDOUT', 'ESOCKET', 'EDNS', 'ETLS']);
