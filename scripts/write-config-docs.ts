/**
 * `npm run docs:config`: writes docs/configuration.md from the variables declared in
 * server/src/config.ts, a table per section. scripts/write-config-docs.test.ts fails when the
 * committed file differs from what this writes.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { format, resolveConfig } from 'prettier';
import { VARIABLES } from '../server/src/config.ts';

export const CONFIG_DOCS = fileURLToPath(new URL('../docs/configuration.md', import.meta.url));

interface Documented {
  readonly section: string;
  readonly default?: string;
  readonly defaultDoc?: string;
  readonly requiredWhen?: string;
  readonly example: string;
  readonly doc: string;
}

/** Why TRUST_PROXY has its settings, after the server's table. */
const PROXY_NOTES = `### Client addresses behind a proxy (\`TRUST_PROXY\`)

Rate limits, the per-address caps on guests, drafts and photos, and every 4xx/5xx log line name
the client by its address. Behind a proxy the connection comes from the proxy, and the client's
address travels in \`X-Forwarded-For\`, a header anyone can write: each proxy appends the address its
connection came from, so only the entries your own proxies wrote, the rightmost ones, are true.

- **Unset (\`false\`)**: the connection's own address. Right when nothing stands in front of the app.
- **A hop count** (\`TRUST_PROXY=1\`): the address the nearest proxy (or the nearest N) saw. Right
  only if the app can be reached through those proxies alone; a client reaching the port directly
  would be believed with whatever it wrote. \`docker-compose.yml\` therefore publishes the app on
  \`127.0.0.1\` only, for a TLS proxy on the same host.
- **The proxies' addresses** (\`TRUST_PROXY=10.0.0.2\` or a range such as \`172.16.0.0/12\`;
  \`loopback\`, \`linklocal\` and \`uniquelocal\` name the usual ranges): \`X-Forwarded-For\` is believed
  only on connections from those addresses, so it stays right even if others can reach the port.
  Prefer it when the proxy's address is known.
- **\`true\`** believes the leftmost entry, which the client writes itself: anyone could pick a new
  address for every request and never meet a limit, the strict sign-in limit included. It is
  refused with \`NODE_ENV=production\`.

The same setting decides whether \`X-Forwarded-Host\` and \`X-Forwarded-Proto\` are believed, which
the same-origin check uses when \`PUBLIC_URL\` is unset.`;

/** Each section's heading and what a reader needs before its table; the notes follow the table. */
const SECTIONS: Record<string, { title: string; intro?: string; notes?: string }> = {
  server: { title: 'Server', notes: PROXY_NOTES },
  database: { title: 'Database' },
  security: { title: 'Security' },
  guests: { title: 'Web guests' },
  telegram: { title: 'Telegram' },
  mail: {
    title: 'Mail',
    intro: `Email is how a web applicant, who has no Telegram chat, hears about their application, and how the
dealer's CRM hears of each lead. It is off until \`SMTP_URL\` is set; the server then says once at
start which settings turn it on.`,
    notes: `- **What a web applicant receives**, in their language, from the outbox's \`email\` consumer: a
  receipt when they submit ("We received your credit application #12", the car, what happens next
  and the date a decision is due), a message each time its status changes, and after a rejection
  the adverse-action notice as an attached PDF, each with a plain-text and an HTML part, a link to
  \`/application\` on \`PUBLIC_URL\`, and the dealer's name, address, phone and email (\`COMPANY_*\`).
  No email carries the SSN, birth date, income, an address or an employer. A Telegram applicant
  gets none of these by email: the bot tells them, the receipt included (the same words, in their
  chat with the bot, from the bot's \`telegram-receipt\` consumer, so it is sent once whichever of it
  and the staff group's note is retried).
- **What the CRM receives**, from the \`crm-adf\` consumer: one email per submission whose plain-text
  body is the ADF lead (where lead mailboxes look for it): the application number and time (in
  \`TIMEZONE\`, such as \`2026-11-29T10:15:00-06:00\`), the car (year, make, model, trim, VIN, stock
  number, mileage, asking price; the deal the application is made with, in ADF's \`<finance>\` and
  the car's comments (\`docs/operations/mail.md\`), or else finance as the purchase method for
  at most that price), the applicant's name, email and phone, the dealer as vendor (its address
  from \`DEALER_ADDRESS_*\`) and this app as provider. Every lead is valid by the ADF 1.0 DTD (a
  test checks it). Never the SSN, birth date, income, addresses or employer.
- **Failures**: each email is an outbox delivery with its own retries (decision 017). A mail server
  that is down, slow (connection and greeting wait 5 s each) or busy is tried again from 1 s,
  doubling to 10 minutes; a recipient it refuses for good (5xx to \`RCPT TO\`) is given up at once.
  The delivery row records the SMTP step and reply code, never the address.
- **Trying it locally**: any SMTP server on your machine works. For instance, a catch-all server
  that prints what it receives, with the \`smtp-server\` and \`mailparser\` packages the tests use
  (\`server/test/local-smtp.ts\` is one), or a mail-catcher container listening on port 1025; then
  start with \`SMTP_URL=smtp://127.0.0.1:1025 MAIL_FROM=credit@example.com\`.`,
  },
  lender: { title: 'Lender' },
  dealer: { title: 'Dealer' },
  feeds: { title: 'Vehicle ads feeds' },
  retention: { title: 'Retention' },
  photos: { title: 'Photos' },
  pdf: { title: 'PDF' },
  outbox: { title: 'Outbox' },
  geo: { title: 'Visitor country' },
};

const cell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');
const code = (text: string) => `\`${text}\``;

function defaultOf(spec: Documented): string {
  if (spec.defaultDoc !== undefined) return spec.defaultDoc;
  if (spec.default === undefined) return 'unset';
  return spec.default === '' ? 'empty' : code(spec.default);
}

/** docs/configuration.md as this configuration documents it, formatted as the repo's Prettier formats Markdown. */
export async function renderConfigDocs(): Promise<string> {
  const variables: Record<string, Documented> = VARIABLES;
  const bySection = new Map<string, [string, Documented][]>(Object.keys(SECTIONS).map((key) => [key, []]));
  for (const [name, spec] of Object.entries(variables)) {
    const list = bySection.get(spec.section);
    if (!list) throw new Error(`${name} is in section ${spec.section}, which scripts/write-config-docs.ts does not list`);
    list.push([name, spec]);
  }
  const parts = [
    `<!-- Written by \`npm run docs:config\` from server/src/config.ts: change the variables there, then run it. -->

# Configuration

Everything is read from the environment once at start-up. A bad value stops the process with one
line naming the variable and how to fix it, for example
\`Configuration error: PORT: use a port number from 0 to 65535\`. "Required" names the settings or
modes that need a variable; the server refuses to start without it there.`,
  ];
  for (const [key, list] of bySection) {
    const section = SECTIONS[key];
    if (!section || list.length === 0) continue;
    const rows = list.map(
      ([name, spec]) =>
        `| ${code(name)} | ${cell(defaultOf(spec))} | ${cell(spec.requiredWhen ?? '')} | ${cell(code(spec.example))} | ${cell(spec.doc)} |`,
    );
    parts.push(
      [
        `## ${section.title}`,
        ...(section.intro ? [section.intro] : []),
        ['| variable | default | required | example | meaning |', '| --- | --- | --- | --- | --- |', ...rows].join('\n'),
        ...(section.notes ? [section.notes] : []),
      ].join('\n\n'),
    );
  }
  const options = await resolveConfig(CONFIG_DOCS);
  return format(parts.join('\n\n') + '\n', { ...options, parser: 'markdown' });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(CONFIG_DOCS, await renderConfigDocs());
  process.stdout.write(`wrote ${CONFIG_DOCS}\n`);
}
