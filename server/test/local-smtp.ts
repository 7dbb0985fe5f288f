import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './local-services.ts';

/** One message as it arrived: who the envelope named, its raw source, and what mailparser read from it. */
export interface ArrivedMail {
  to: string[];
  raw: string;
  parsed: ParsedMail;
}

/**
 * An SMTP server on 127.0.0.1 that keeps what it is sent, as a mail provider's would: plain SMTP
 * (no STARTTLS), any sender, and a 550 for the recipients a test says do not exist. It can be
 * stopped and started again on the same port, to play a provider that is down for a while.
 */
export class LocalSmtp {
  readonly arrived: ArrivedMail[] = [];
  /** Recipients answered "550 no such mailbox" at RCPT TO. */
  readonly unknownRecipients = new Set<string>();
  private server: SMTPServer | undefined;

  private constructor(readonly port: number) {}

  static async start(): Promise<LocalSmtp> {
    const smtp = new LocalSmtp(await freePort());
    await smtp.resume();
    return smtp;
  }

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  /** Listens again on the same port after stop(). */
  async resume(): Promise<void> {
    const server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo: (address, _session, callback) => {
        if (!this.unknownRecipients.has(address.address)) return callback();
        const refusal = Object.assign(new Error('5.1.1 No such mailbox here'), { responseCode: 550 });
        callback(refusal);
      },
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          simpleParser(raw).then(
            (parsed) => {
              this.arrived.push({ to: session.envelope.rcptTo.map((rcpt) => rcpt.address), raw, parsed });
              callback();
            },
            (error: Error) => callback(error),
          );
        });
      },
    });
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(this.port, '127.0.0.1', () => resolve());
    });
    this.server = server;
  }

  /** Closes the port: connecting is refused until resume(). */
  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** What arrived for one address. */
  to(address: string): ArrivedMail[] {
    return this.arrived.filter((mail) => mail.to.includes(address));
  }
}
