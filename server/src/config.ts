import { isIP } from 'node:net';
import { resolve } from 'node:path';
import * as v from 'valibot';
import { BOT_USERNAME_PATTERN } from '../../domain/contracts/site.ts';
import { MIN_RETENTION_MONTHS } from '../../domain/retention.ts';
import { DEFAULT_TRADE_IN_OFFER_VALID_DAYS, TRADE_IN_OFFER_MAX_VALID_DAYS } from '../../domain/trade-ins/trade-in.schema.ts';
import { US_STATE_CODES } from '../../domain/us-states.ts';
import { DEFAULT_POOL_SETTINGS } from './db/pool-settings.ts';

/**
 * Configuration is parsed exactly once, from the environment, into a frozen object of sections.
 * Nothing else in the codebase reads process.env (docs/architecture.md). Parsing only parses: what
 * touches the disk (generated development secrets, finding Chromium) happens at start
 * (server/src/startup-config.ts). Every variable is declared once below; docs/configuration.md is
 * written from these entries (`npm run docs:config`).
 */

export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    readonly fix: string,
  ) {
    super(`${variable}: ${fix}`);
    this.name = 'ConfigError';
  }
}

type Env = Record<string, string | undefined>;

/** An address or range a proxy connects from, as Fastify's trustProxy takes it: 10.0.0.2, 10.0.0.0/8, ::1, fd00::/8 or loopback. */
function isProxyAddress(entry: string): boolean {
  if (PROXY_RANGE_NAMES.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128));
}

const PROXY_RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

const LOOPBACK_HOSTS = new Set(['127.0.0.1', '[::1]', 'localhost']);

/** Applications carry SSNs: they travel over https, or over plain http to this machine only (a test lender). */
function isLenderUrl(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const { protocol, hostname } = new URL(url);
  return protocol === 'https:' || (protocol === 'http:' && LOOPBACK_HOSTS.has(hostname));
}

function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const integerIn = (min: number, max: number) =>
  v.pipe(v.string(), v.regex(/^\d+$/), v.transform(Number), v.integer(), v.minValue(min), v.maxValue(max));

/** A dealer identifier for the credit provider: one line of at most 100 characters. */
const dealerText = v.pipe(v.string(), v.regex(/^\P{Cc}{1,100}$/u));

/** An SMTP server to send through: smtp:// (upgraded with STARTTLS when offered) or smtps:// (TLS from the start), with a host. */
function isSmtpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'smtp:' || url.protocol === 'smtps:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/** A sender as mail clients show it: an address, or a display name with the address in angle brackets. */
const MAIL_FROM_PATTERN = /^(?:[^<>\r\n]+<[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+)$/;

/** Where a variable is documented in docs/configuration.md, in this order. */
export const SECTIONS = {
  server: 'Server',
  database: 'Database',
  security: 'Security',
  guests: 'Web guests',
  telegram: 'Telegram',
  mail: 'Mail',
  lender: 'Lender',
  dealer: 'Dealer',
  feeds: 'Vehicle ads feeds',
  retention: 'Retention',
  photos: 'Photos',
  pdf: 'PDF',
  outbox: 'Outbox',
  geo: 'Visitor country',
} as const;

export interface VariableSpec {
  readonly section: keyof typeof SECTIONS;
  readonly schema: v.GenericSchema<string, unknown>;
  /** The sentence that tells the user how to fix a bad value; the error message says it. */
  readonly fix: string;
  /** The value used while the variable is unset, written as it would be in the environment. */
  readonly default?: string;
  /** What an unset variable means when that depends on other settings, for the documentation. */
  readonly defaultDoc?: string;
  /** When the variable must be set (a mode that needs it); loadConfig enforces each. */
  readonly requiredWhen?: string;
  readonly example: string;
  readonly doc: string;
}

/** One entry per environment variable. */
export const VARIABLES = {
  NODE_ENV: {
    section: 'server',
    schema: v.picklist(['development', 'production', 'test']),
    fix: 'use development, production or test',
    default: 'development',
    example: 'production',
    doc: '`production` requires the secrets, an https `PUBLIC_URL` and refuses `TRUST_PROXY=true` and `DEV_LOGIN`; `test` quiets the log.',
  },
  PORT: {
    section: 'server',
    schema: integerIn(0, 65535),
    fix: 'use a port number from 0 to 65535',
    default: '3000',
    example: '8080',
    doc: 'the port the server listens on',
  },
  HOST: {
    section: 'server',
    schema: v.pipe(v.string(), v.minLength(1)),
    fix: 'use an address to listen on, such as 0.0.0.0 or 127.0.0.1',
    default: '0.0.0.0',
    example: '127.0.0.1',
    doc: 'the address the server listens on',
  },
  PUBLIC_URL: {
    section: 'server',
    schema: v.pipe(
      v.string(),
      v.url(),
      v.regex(/^https?:\/\//),
      v.transform((s) => s.replace(/\/+$/, '')),
    ),
    fix: 'use the public origin of this app, such as https://cars.example.com',
    requiredWhen: 'with `BOT_MODE=webhook` or `LENDER_WEBHOOK_URL`; https in production',
    example: 'https://cars.example.com',
    doc: 'the public https origin of the app, for absolute links, passkeys, the Telegram webhook and the photo links the lender fetches',
  },
  ALLOWED_ORIGINS: {
    section: 'server',
    schema: v.pipe(
      v.string(),
      v.transform((s) =>
        s
          .split(',')
          .map((x) => x.trim().replace(/\/+$/, ''))
          .filter(Boolean),
      ),
      v.array(v.pipe(v.string(), v.url())),
    ),
    fix: 'use comma-separated origins such as https://a.example.com,https://b.example.com',
    default: '',
    example: 'https://a.example.com,https://b.example.com',
    doc: 'extra origins allowed to call the API with credentials (comma-separated)',
  },
  TRUST_PROXY: {
    section: 'server',
    schema: v.union([
      v.pipe(
        v.string(),
        v.regex(/^(true|false|\d{1,2})$/),
        v.transform((s) => (s === 'true' ? true : s === 'false' ? false : Number(s))),
      ),
      v.pipe(
        v.string(),
        v.transform((s) =>
          s
            .split(',')
            .map((x) => x.trim())
            .filter(Boolean),
        ),
        v.array(v.pipe(v.string(), v.check(isProxyAddress))),
        v.minLength(1),
      ),
    ]),
    fix: 'use the number of proxies in front of the app (such as 1), or their comma-separated addresses or ranges (such as 10.0.0.2,172.16.0.0/12), or false',
    default: 'false',
    example: '1',
    doc: "who may tell the app the client's address (`X-Forwarded-For`), host and scheme: the number of proxies in front of the app (such as `1`), or their comma-separated addresses or ranges (`10.0.0.2,172.16.0.0/12`, `loopback`); needed behind a load balancer so rate limits, logs and the same-origin check see the real client and host. `true` is refused in production (see below)",
  },
  LOG_LEVEL: {
    section: 'server',
    schema: v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    fix: 'use fatal, error, warn, info, debug, trace or silent',
    defaultDoc: '`info` (`silent` with `NODE_ENV=test`)',
    example: 'debug',
    doc: '`fatal` … `trace`, or `silent`; with `NODE_ENV=development` lines read `HH:MM:SS LEVEL message key=value`, otherwise one JSON object a line',
  },
  // Zone names only: PostgreSQL would read a bare offset such as +05:00 with the opposite sign (POSIX).
  TIMEZONE: {
    section: 'server',
    schema: v.pipe(v.string(), v.regex(/^[A-Za-z]+(\/[A-Za-z0-9_+-]+)*$/), v.check(isTimeZone)),
    fix: 'use an IANA time zone name such as America/Chicago or America/New_York',
    default: 'America/Chicago',
    example: 'America/New_York',
    doc: 'the dealer\'s IANA time zone: where "today" and "this week" of the staff metrics begin (weeks start on Sunday), and the zone of every time in the PDF and the dashboard',
  },
  HTTP_HEADERS_TIMEOUT_MS: {
    section: 'server',
    schema: integerIn(1000, 120_000),
    fix: 'use the milliseconds a client has to send request headers, such as 10000',
    default: '10000',
    example: '5000',
    doc: 'a client that has not sent its request headers by then gets 408',
  },
  HTTP_IDLE_TIMEOUT_MS: {
    section: 'server',
    schema: integerIn(1000, 600_000),
    fix: 'use the milliseconds a connection may stay silent mid-request, such as 30000',
    default: '30000',
    example: '60000',
    doc: 'a connection silent that long mid-request is closed',
  },
  HTTP_REQUEST_TIMEOUT_MS: {
    section: 'server',
    schema: integerIn(1000, 3_600_000),
    fix: 'use the milliseconds a client has to send a whole request (uploads included), such as 120000',
    default: '120000',
    example: '300000',
    doc: 'the longest a whole request may take to arrive (a 10 MB photo from a slow phone fits)',
  },
  HTTP_BODY_MIN_BYTES_PER_SECOND: {
    section: 'server',
    schema: integerIn(0, 100_000_000),
    fix: 'use the slowest rate in bytes per second a request body (an upload included) may arrive at, such as 2048, or 0 for no minimum',
    default: '2048',
    example: '0',
    doc: 'the slowest a request body (an upload included) may arrive: after 5 s of grace it must average this rate, or it is cut with 408 `request_timeout` and the connection closed; a phone on poor 3G sends tens of KB a second. `0` turns the check off',
  },
  HTTP_MAX_CONNECTIONS: {
    section: 'server',
    schema: integerIn(1, 1_000_000),
    fix: 'use the number of connections one server process accepts at once, such as 1000',
    default: '1000',
    example: '200',
    doc: 'connections one server process holds at once; further ones are closed at once (logged at most once a minute)',
  },
  DATABASE_URL: {
    section: 'database',
    schema: v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\/.+/)),
    fix: 'use a connection string such as postgres://user:password@host:5432/dbname, or unset it for the embedded database',
    defaultDoc: 'unset → the embedded PGlite database in `DATA_DIR`',
    example: 'postgres://user:pass@host:5432/cars',
    doc: 'the PostgreSQL connection string',
  },
  DATA_DIR: {
    section: 'database',
    schema: v.pipe(v.string(), v.minLength(1)),
    fix: 'use a writable folder path',
    default: './data',
    example: '/data',
    doc: 'PGlite files and generated development secrets (created at start when missing)',
  },
  SEED_DEMO: {
    section: 'database',
    schema: v.pipe(
      v.picklist(['true', 'false']),
      v.transform((s) => s === 'true'),
    ),
    fix: 'use true to load the demo cars and FAQs into an empty database at start, or false',
    defaultDoc: '`true` on the embedded database, else `false`',
    example: 'true',
    doc: 'load the demo cars and FAQs into an empty database at start; a configured PostgreSQL is never seeded unless you say so (or run `npm run db:seed`)',
  },
  DATABASE_POOL_SIZE: {
    section: 'database',
    schema: integerIn(1, 500),
    fix: 'use the number of PostgreSQL connections per process, such as 10',
    default: String(DEFAULT_POOL_SETTINGS.size),
    example: '20',
    doc: 'PostgreSQL connections per server process',
  },
  DATABASE_CONNECT_TIMEOUT_MS: {
    section: 'database',
    schema: integerIn(100, 120_000),
    fix: 'use the milliseconds to wait for a database connection, such as 3000',
    default: String(DEFAULT_POOL_SETTINGS.connectMs),
    example: '5000',
    doc: 'how long a request waits for a database connection before it gets 503',
  },
  DATABASE_STATEMENT_TIMEOUT_MS: {
    section: 'database',
    schema: integerIn(100, 600_000),
    fix: 'use the milliseconds one database statement may take, such as 5000',
    default: String(DEFAULT_POOL_SETTINGS.statementMs),
    example: '10000',
    doc: 'how long one statement may run (enforced by PostgreSQL, and by the client when the server hangs)',
  },
  SESSION_SECRET: {
    section: 'security',
    schema: v.pipe(v.string(), v.minLength(32)),
    fix: 'use a random string of at least 32 characters',
    defaultDoc: 'development: generated into `DATA_DIR` at start; production: required',
    requiredWhen: 'with `NODE_ENV=production`',
    example: 'a random string of 48 characters',
    doc: 'signs cookies (at least 32 characters)',
  },
  DATA_ENCRYPTION_KEY: {
    section: 'security',
    schema: v.pipe(
      v.string(),
      v.base64(),
      v.check((s) => Buffer.from(s, 'base64').length === 32),
    ),
    fix: 'use 32 random bytes in base64, e.g. the output of: openssl rand -base64 32',
    defaultDoc: 'development: generated into `DATA_DIR` at start; production: required',
    requiredWhen: 'with `NODE_ENV=production`',
    example: 'the output of `openssl rand -base64 32`',
    doc: '32 random bytes in base64 (`openssl rand -base64 32`), encrypts personal data at rest',
  },
  DATA_ENCRYPTION_PREVIOUS_KEYS: {
    section: 'security',
    schema: v.pipe(
      v.string(),
      v.transform((s) =>
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
      v.array(
        v.pipe(
          v.string(),
          v.base64(),
          v.check((s) => Buffer.from(s, 'base64').length === 32),
        ),
      ),
    ),
    fix: 'use comma-separated retired DATA_ENCRYPTION_KEY values (32 bytes in base64 each), kept only to read older data',
    default: '',
    example: 'an earlier `DATA_ENCRYPTION_KEY`',
    doc: 'comma-separated retired keys, kept only to read data encrypted before a key rotation',
  },
  INIT_DATA_MAX_AGE: {
    section: 'security',
    schema: integerIn(1, 31 * 86400),
    fix: 'use a number of seconds from 1 to 2678400',
    default: '86400',
    example: '3600',
    doc: 'seconds a Telegram init-data signature stays valid',
  },
  DEV_LOGIN: {
    section: 'security',
    schema: v.picklist(['0', '1']),
    fix: 'use 1 to enable the development sign-in, 0 or unset otherwise',
    default: '0',
    example: '1',
    doc: '`1` enables the development staff sign-in; only allowed with `NODE_ENV=development`, where the staff sign-in page offers it, or says to set it while it is off',
  },
  STAFF_MFA: {
    section: 'security',
    schema: v.picklist(['required', 'off']),
    fix: 'use required (staff on the web confirm a passkey before personal data) or off',
    defaultDoc: '`required` in production, `off` in development and tests',
    example: 'required',
    doc: "`required`: staff signed in on the web confirm a passkey once per session before applicants' personal data (see the README's Staff dashboard); `off`: they do not. Passkeys belong to the host name of `PUBLIC_URL` (without it, the host the browser asked for)",
  },
  RATE_LIMIT_MAX: {
    section: 'security',
    schema: integerIn(1, 1_000_000),
    fix: 'use the number of API requests one client may make per minute, such as 600',
    default: '600',
    example: '1200',
    doc: 'API requests per minute per client address',
  },
  RATE_LIMIT_STRICT_MAX: {
    section: 'security',
    schema: integerIn(1, 100_000),
    fix: 'use the number of sign-in attempts (or other guarded actions, such as submitting an application) one client may make per minute, such as 10',
    default: '10',
    example: '20',
    doc: 'per minute on sign-in routes, application submission and licence-photo uploads',
  },
  REDIS_URL: {
    section: 'security',
    schema: v.pipe(v.string(), v.regex(/^rediss?:\/\/.+/)),
    fix: 'use a Redis URL such as redis://127.0.0.1:6379, or unset it to keep rate limits in memory (one instance)',
    example: 'redis://127.0.0.1:6379',
    doc: 'shared rate-limit counters when several instances run; requests pass unlimited while Redis is down (unset: counted in memory, one instance)',
  },
  GUEST_MAX_PER_ADDRESS: {
    section: 'guests',
    schema: integerIn(1, 1_000_000),
    fix: 'use the number of new web guests one client address may create per hour, such as 100',
    default: '100',
    example: '500',
    doc: "new web guests one client address may create per hour (see the README's Web guests)",
  },
  DRAFT_MAX_PER_ADDRESS: {
    section: 'guests',
    schema: integerIn(1, 1_000_000),
    fix: 'use the number of application drafts web guests from one client address may start per day, such as 50',
    default: '50',
    example: '100',
    doc: 'application drafts web guests from one client address may start per day',
  },
  LICENCE_PHOTO_MAX_PER_ADDRESS: {
    section: 'guests',
    schema: integerIn(1, 1_000_000),
    fix: 'use the number of licence photos web guests from one client address may upload per day that no application uses yet, such as 40',
    default: '40',
    example: '80',
    doc: 'licence photos web guests from one client address may upload per day that no application uses yet',
  },
  BOT_TOKEN: {
    section: 'telegram',
    schema: v.pipe(v.string(), v.regex(/^\d+:[\w-]{30,}$/)),
    fix: 'use the token BotFather gave you, like 123456:ABC-DEF…',
    defaultDoc: 'unset → bot off, Telegram sign-in off',
    requiredWhen: 'with `BOT_MODE=polling` or `webhook`',
    example: '123456:ABC-DEF…',
    doc: 'the token from BotFather',
  },
  BOT_USERNAME: {
    section: 'telegram',
    schema: v.pipe(
      v.string(),
      v.transform((s) => s.replace(/^@/, '')),
      v.regex(BOT_USERNAME_PATTERN),
    ),
    fix: "use the bot's username without @, 5 to 32 letters, digits or underscores",
    example: 'DealerBot',
    doc: "the bot's username, for t.me links (chat marquee, share links)",
  },
  BOT_MODE: {
    section: 'telegram',
    schema: v.picklist(['polling', 'webhook', 'off']),
    fix: 'use polling, webhook or off',
    defaultDoc: '`webhook` with `PUBLIC_URL`, else `polling`; `off` without `BOT_TOKEN`',
    example: 'polling',
    doc: '`polling`, `webhook` or `off` (off keeps `BOT_TOKEN` for verifying sign-ins but starts no bot)',
  },
  BOT_API_ROOT: {
    section: 'telegram',
    schema: v.pipe(
      v.string(),
      v.url(),
      v.transform((s) => s.replace(/\/+$/, '')),
    ),
    fix: 'use the base URL of a Bot API server, such as http://127.0.0.1:8081',
    default: 'https://api.telegram.org',
    defaultDoc: "Telegram's public Bot API",
    example: 'http://127.0.0.1:8081',
    doc: 'another Bot API server (self-hosted, or a local fake in tests)',
  },
  STAFF_CHAT_ID: {
    section: 'telegram',
    schema: v.pipe(v.string(), v.regex(/^-?\d+$/), v.transform(Number)),
    fix: 'use the numeric id of the staff supergroup, such as -1001234567890',
    example: '-1001234567890',
    doc: 'the staff supergroup (with topics) that receives relayed messages and notifications',
  },
  ADMIN_TELEGRAM_IDS: {
    section: 'telegram',
    schema: v.pipe(
      v.string(),
      v.regex(/^\s*(\d+\s*(,\s*\d+\s*)*)?$/),
      v.transform((s) =>
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean)
          .map(Number),
      ),
    ),
    fix: 'use comma-separated numeric Telegram user ids, such as 111,222',
    default: '',
    example: '111,222',
    doc: 'comma-separated Telegram user ids made admins at every start',
  },
  SMTP_URL: {
    section: 'mail',
    schema: v.pipe(v.string(), v.check(isSmtpUrl)),
    fix: 'use smtp://user:password@host:587 (STARTTLS) or smtps://user:password@host:465, or unset it to turn email off',
    defaultDoc: 'unset → email off',
    example: 'smtp://user:password@host:587',
    doc: 'the SMTP server to send through: `smtp://user:password@host:587` (upgraded with STARTTLS when the server offers it) or `smtps://user:password@host:465`; percent-encode `@` or `:` in the password',
  },
  MAIL_FROM: {
    section: 'mail',
    schema: v.pipe(v.string(), v.regex(MAIL_FROM_PATTERN)),
    fix: 'use the sender applicants see, such as "Liberty Auto Credit <credit@example.com>" or credit@example.com',
    requiredWhen: 'with `SMTP_URL`',
    example: 'Liberty Auto Credit <credit@example.com>',
    doc: 'the sender applicants see, `Liberty Auto Credit <credit@example.com>` or a bare address',
  },
  CRM_ADF_EMAIL: {
    section: 'mail',
    schema: v.pipe(v.string(), v.email()),
    fix: "use the address of the CRM's lead mailbox, such as leads@crm.example.com",
    example: 'leads@crm.example.com',
    doc: "the CRM's lead mailbox: every submission is sent there as an ADF/XML 1.0 lead (needs `SMTP_URL`)",
  },
  LENDER_WEBHOOK_URL: {
    section: 'lender',
    schema: v.pipe(v.string(), v.url(), v.check(isLenderUrl)),
    fix: 'use the https URL your lender receives applications at, such as https://lender.example.com/applications (http only for 127.0.0.1, ::1 or localhost)',
    defaultDoc: 'unset → nothing is sent',
    requiredWhen: 'with `LENDER_WEBHOOK_SECRET`; needs `PUBLIC_URL`',
    example: 'https://lender.example.com/applications',
    doc: "where each submitted application is POSTed, signed (see the README's Lender); https only, plain http only to 127.0.0.1, ::1 or localhost",
  },
  LENDER_WEBHOOK_SECRET: {
    section: 'lender',
    schema: v.pipe(v.string(), v.minLength(32)),
    fix: 'use the shared secret agreed with your lender, at least 32 characters (both sides sign with it)',
    requiredWhen: 'with `LENDER_WEBHOOK_URL`',
    example: 'a random string of 48 characters',
    doc: "the secret shared with the lender, at least 32 characters: signs the hand-off, the photo links and the lender's decisions",
  },
  COMPANY_NAME: {
    section: 'dealer',
    schema: v.pipe(v.string(), v.minLength(1)),
    fix: 'use the dealer name shown on the site',
    default: 'Liberty Auto Credit',
    example: 'Lone Star Motors',
    doc: 'the dealer name shown on the home page, in the footer of every page and in the privacy notice',
  },
  COMPANY_ADDRESS: {
    section: 'dealer',
    schema: v.pipe(v.string(), v.minLength(1)),
    fix: 'use the street address shown in the contact section',
    default: '1200 Commerce Street, Dallas, TX 75202',
    example: '500 Main St, Austin, TX 78701',
    doc: 'the street address shown with the contact details',
  },
  COMPANY_PHONE: {
    section: 'dealer',
    schema: v.pipe(v.string(), v.regex(/^\+?[\d\s()-]{7,20}$/)),
    fix: 'use a phone number such as +1 (555) 010-0100',
    default: '+1 (214) 555-0147',
    example: '+1 (512) 555-0100',
    doc: 'the phone number shown with the contact details',
  },
  COMPANY_EMAIL: {
    section: 'dealer',
    schema: v.pipe(v.string(), v.email()),
    fix: 'use an email address such as sales@example.com',
    default: 'sales@libertyautocredit.example',
    example: 'sales@example.com',
    doc: 'the email address shown with the contact details',
  },
  DEALER_LICENSE: {
    section: 'dealer',
    schema: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200)),
    fix: 'use the dealer licence as the footer shows it, such as Texas dealer license P123456',
    example: 'Texas dealer license P123456',
    doc: "the dealer's state licence as it should read, shown with the contact details in the footer of every page (left out while unset)",
  },
  SOCIAL_LINKS: {
    section: 'dealer',
    schema: v.pipe(
      v.string(),
      v.transform((s) =>
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
      v.array(v.pipe(v.string(), v.url())),
    ),
    fix: 'use comma-separated https URLs of your social pages',
    default: '',
    example: 'https://www.facebook.com/dealer,https://www.instagram.com/dealer',
    doc: "comma-separated URLs of the dealer's social pages",
  },
  DEALER_CREDIT_PROVIDER: {
    section: 'dealer',
    schema: dealerText,
    fix: 'use the name of the credit provider applications are routed to, such as demo-credit',
    default: 'demo-credit',
    example: 'Lender One',
    doc: 'the credit provider applications are routed to (the dealer block of every application, `docs/product/submission.md#submission-and-statuses`)',
  },
  DEALER_ID: {
    section: 'dealer',
    schema: dealerText,
    fix: 'use the dealer id your credit provider gave you, such as DEMO-DEALER-001',
    default: 'DEMO-DEALER-001',
    example: 'D-7',
    doc: "the dealer's identifier at that provider",
  },
  DEALER_PARTNER_ID: {
    section: 'dealer',
    schema: dealerText,
    fix: 'use the partner dealer id your credit provider gave you, such as DEMO-PARTNER-001',
    default: 'DEMO-PARTNER-001',
    example: 'P-7',
    doc: "the dealer's partner identifier at that provider",
  },
  DEALER_SOURCE_PARTNER_ID: {
    section: 'dealer',
    schema: dealerText,
    fix: 'use the source partner id that names this app to the credit provider, such as car-credit-app',
    default: 'car-credit-app',
    example: 'car-credit-app',
    doc: 'how this app names itself to the provider',
  },
  DEALER_TOGGLES: {
    section: 'dealer',
    schema: v.pipe(
      v.string(),
      v.regex(/^\s*([A-Za-z]\w{0,49}\s*=\s*(true|false)\s*(,\s*[A-Za-z]\w{0,49}\s*=\s*(true|false)\s*)*)?$/),
      v.transform((s): Record<string, boolean> => {
        const pairs = s
          .split(',')
          .filter((pair) => pair.trim() !== '')
          .map((pair) => pair.split('=').map((x) => x.trim()));
        return Object.fromEntries(pairs.map(([name = '', value]) => [name, value === 'true']));
      }),
    ),
    fix: 'use comma-separated name=true|false switches of the credit provider, such as autoDecision=false,softPull=true',
    default: '',
    example: 'autoDecision=false,softPull=true',
    doc: "the provider's on/off switches",
  },
  TRADE_IN_OFFER_VALID_DAYS: {
    section: 'dealer',
    schema: integerIn(1, TRADE_IN_OFFER_MAX_VALID_DAYS),
    fix: `use the number of days a trade-in offer holds unless staff say otherwise, from 1 to ${TRADE_IN_OFFER_MAX_VALID_DAYS}, such as ${DEFAULT_TRADE_IN_OFFER_VALID_DAYS}`,
    default: String(DEFAULT_TRADE_IN_OFFER_VALID_DAYS),
    example: '10',
    doc: 'days a trade-in offer holds when staff send it without a validity of their own; an offer unanswered by then reads as expired',
  },
  DEALER_STORE_CODE: {
    section: 'feeds',
    schema: v.pipe(v.string(), v.regex(/^[\w.-]{1,64}$/)),
    fix: "use the store code of the dealership in Google Merchant Center (its Business Profile's), such as DALLAS-01: letters, digits, dots, dashes or underscores",
    example: 'DALLAS-01',
    doc: "the dealership's store code in Google Merchant Center; the Google vehicle ads feed is served only with it (see the README's Vehicle ads feeds)",
  },
  DEALER_ADDRESS_STREET: {
    section: 'feeds',
    schema: dealerText,
    fix: 'use the street line of the dealership, such as 1200 Commerce Street',
    default: '1200 Commerce Street',
    example: '500 Main St',
    doc: "the street line of the dealership's address, for the vehicle ads feeds and the home page's structured data (the country is US)",
  },
  DEALER_ADDRESS_CITY: {
    section: 'feeds',
    schema: dealerText,
    fix: 'use the city of the dealership, such as Dallas',
    default: 'Dallas',
    example: 'Austin',
    doc: "the city of the dealership's address",
  },
  DEALER_ADDRESS_REGION: {
    section: 'feeds',
    schema: v.pipe(
      v.string(),
      v.transform((s) => s.toUpperCase()),
      v.picklist(US_STATE_CODES),
    ),
    fix: 'use the two-letter USPS code of the state the dealership is in, such as TX',
    default: 'TX',
    example: 'tx',
    doc: "the USPS code of the dealership's state (any case)",
  },
  DEALER_ADDRESS_POSTAL_CODE: {
    section: 'feeds',
    schema: v.pipe(v.string(), v.regex(/^\d{5}(-\d{4})?$/)),
    fix: 'use the ZIP code of the dealership, such as 75202 or 75202-1234',
    default: '75202',
    example: '78701-1234',
    doc: "the ZIP code of the dealership's address",
  },
  GUEST_RETENTION_DAYS: {
    section: 'retention',
    schema: integerIn(1, 3650),
    fix: 'use the number of days an idle web guest with no favourite, draft or application is kept, such as 30',
    default: '30',
    example: '7',
    doc: 'days an unseen web guest holding no favourite, draft or application is kept',
  },
  DRAFT_RETENTION_DAYS: {
    section: 'retention',
    schema: integerIn(1, 3650),
    fix: 'use the number of days an application draft nobody saves again is kept, such as 30',
    default: '30',
    example: '90',
    doc: "days an application draft nobody saves again is kept (anyone's: it holds an SSN)",
  },
  RETENTION_MONTHS: {
    section: 'retention',
    schema: integerIn(MIN_RETENTION_MONTHS, 1200),
    fix: 'use the number of months after its decision an application keeps its personal data, at least 25 (Regulation B keeps applications 25 months after notice of action), such as 25',
    default: '25',
    example: '36',
    doc: "months after its decision (approved, rejected or withdrawn) an application keeps its SSN, birth date, income, addresses, employment and licence photos; at least 25 (Regulation B), see the README's Data retention",
  },
  IMAGE_MAX_PIXELS: {
    section: 'photos',
    schema: integerIn(1_000_000, 200_000_000),
    fix: 'use the most pixels (width × height) an uploaded photo may have, such as 24000000',
    default: '24000000',
    example: '12000000',
    doc: "the most pixels (width × height) an uploaded licence photo may have; more is refused with 413 from the file's header, before it is decoded",
  },
  IMAGE_DECODE_CONCURRENCY: {
    section: 'photos',
    schema: integerIn(1, 16),
    fix: 'use the number of uploaded photos one process may decode at once, such as 1',
    default: '1',
    example: '2',
    doc: 'licence photos one server process decodes at once (each takes a core); up to 4 more wait at most 10 s, and beyond that an upload gets 503 `busy` with `Retry-After`',
  },
  PHOTO_FETCH_ALLOW_HOSTS: {
    section: 'photos',
    schema: v.pipe(
      v.string(),
      v.transform((s) =>
        s
          .split(',')
          .map((x) =>
            x
              .trim()
              .toLowerCase()
              .replace(/^\[|\]$/g, ''),
          )
          .filter(Boolean),
      ),
      v.array(v.pipe(v.string(), v.regex(/^[a-z0-9.:-]+$/))),
    ),
    fix: 'use comma-separated host names or addresses whose photo URLs may be on a private network, such as 127.0.0.1 or photos.dealer.lan',
    default: '',
    example: '127.0.0.1,photos.dealer.lan',
    doc: "comma-separated hosts whose stock-file photo URLs may resolve to a private, loopback or link-local address (a test server on `127.0.0.1`, a photo host on the dealer's network); every other host on such an address is refused",
  },
  CHROME_PATH: {
    section: 'pdf',
    schema: v.pipe(v.string(), v.minLength(1)),
    fix: 'use the path of an installed Chromium or Chrome executable',
    defaultDoc: 'the first of `/usr/bin/chromium`, `/usr/bin/chromium-browser`, `/usr/bin/google-chrome` found at start',
    example: '/usr/bin/chromium',
    doc: 'the browser for PDFs and browser tests; a path that does not exist stops the start',
  },
  OUTBOX_CONCURRENCY: {
    section: 'outbox',
    schema: integerIn(1, 64),
    fix: 'use the number of deliveries one process sends at once to each outbox consumer (lender, email, Telegram, CRM), such as 4',
    default: '4',
    example: '8',
    doc: 'deliveries one server process sends at once to each outbox consumer (lender, email, Telegram, CRM); each consumer has its own loop, so a lender that hangs until its timeout never delays the others',
  },
  GEO_COUNTRY_HEADER: {
    section: 'geo',
    schema: v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]+$/)),
    fix: 'use an HTTP header name such as cf-ipcountry',
    example: 'cf-ipcountry',
    doc: "a trusted proxy header carrying the visitor's country, used to pick the first language",
  },
  GEO_LOOKUP_URL: {
    section: 'geo',
    schema: v.pipe(v.string(), v.url()),
    fix: 'use the URL of a lookup service that answers JSON with a country code; {ip} is replaced by the client address',
    example: 'https://geo.example.com/{ip}',
    doc: 'alternatively, a lookup service answering JSON with a country code; `{ip}` is replaced by the client address',
  },
} as const satisfies Record<string, VariableSpec>;

type Variables = typeof VARIABLES;
type Name = keyof Variables;
type Parsed<K extends Name> = v.InferOutput<Variables[K]['schema']>;
type Defaulted = { [K in Name]: Variables[K] extends { default: string } ? K : never }[Name];

/** A variable as set, or its declared default; undefined when neither. */
function read<K extends Name>(env: Env, name: K): Parsed<K> | undefined {
  const spec: VariableSpec = VARIABLES[name];
  const given = env[name]?.trim();
  const raw = given ? given : spec.default;
  if (raw === undefined) return undefined;
  const result = v.safeParse(spec.schema, raw);
  if (!result.success) throw new ConfigError(name, spec.fix);
  return result.output as Parsed<K>;
}

/** A variable with a declared default: never undefined. */
function readOr<K extends Defaulted>(env: Env, name: K): Parsed<K> {
  const value = read(env, name);
  if (value === undefined) throw new ConfigError(name, VARIABLES[name].fix);
  return value;
}

export function loadConfig(env: Env = process.env) {
  const nodeEnv = readOr(env, 'NODE_ENV');
  const production = nodeEnv === 'production';
  const botToken = read(env, 'BOT_TOKEN');
  const publicUrl = read(env, 'PUBLIC_URL');

  const secret = (name: 'SESSION_SECRET' | 'DATA_ENCRYPTION_KEY') => {
    const value = read(env, name);
    if (value === undefined && production) throw new ConfigError(name, `required in production; ${VARIABLES[name].fix}`);
    return value;
  };

  const botMode = read(env, 'BOT_MODE') ?? (botToken ? (publicUrl ? 'webhook' : 'polling') : 'off');
  if (botMode !== 'off' && !botToken) throw new ConfigError('BOT_MODE', `${botMode} needs BOT_TOKEN; set BOT_TOKEN or use off`);
  if (botMode === 'webhook' && !publicUrl) throw new ConfigError('BOT_MODE', 'webhook needs PUBLIC_URL; set PUBLIC_URL or use polling');
  if (production && publicUrl && !publicUrl.startsWith('https://')) {
    throw new ConfigError('PUBLIC_URL', 'must be https in production (Telegram opens mini apps only over https)');
  }

  const trustProxy = readOr(env, 'TRUST_PROXY');
  if (production && trustProxy === true) {
    throw new ConfigError(
      'TRUST_PROXY',
      "true believes the client address any caller writes into X-Forwarded-For, so rate limits and logs would take a client's word for it; use the number of proxies in front of the app (such as 1) or their addresses (such as 10.0.0.2,172.16.0.0/12)",
    );
  }

  const lender = lenderSettings(env, publicUrl);

  const devLogin = readOr(env, 'DEV_LOGIN') === '1';
  if (devLogin && nodeEnv !== 'development') {
    throw new ConfigError('DEV_LOGIN', 'the development sign-in exists only with NODE_ENV=development; unset DEV_LOGIN');
  }

  const smtpUrl = read(env, 'SMTP_URL');
  const mailFrom = read(env, 'MAIL_FROM');
  if (smtpUrl && !mailFrom) throw new ConfigError('MAIL_FROM', `required with SMTP_URL; ${VARIABLES.MAIL_FROM.fix}`);

  const databaseUrl = read(env, 'DATABASE_URL');
  const config = {
    server: {
      nodeEnv,
      production,
      port: readOr(env, 'PORT'),
      host: readOr(env, 'HOST'),
      publicUrl,
      allowedOrigins: readOr(env, 'ALLOWED_ORIGINS'),
      /**
       * Which X-Forwarded-* headers to believe for the client address, Host and scheme: false (none),
       * a hop count, or the proxies' addresses. true, believing whatever a client writes, is for
       * development only (docs/configuration.md, Server).
       */
      trustProxy,
      logLevel: read(env, 'LOG_LEVEL') ?? (nodeEnv === 'test' ? 'silent' : 'info'),
      /** The dealer's time zone: where the staff metrics' "today" and "this week" begin. */
      timeZone: readOr(env, 'TIMEZONE'),
      /**
       * A public server must not let a silent or trickling client hold a connection: headers come
       * quickly, a stalled body is cut after the idle time, and a whole request (a 10 MB licence photo
       * from a slow phone included) has a generous ceiling.
       */
      httpTimeouts: {
        headersMs: readOr(env, 'HTTP_HEADERS_TIMEOUT_MS'),
        idleMs: readOr(env, 'HTTP_IDLE_TIMEOUT_MS'),
        requestMs: readOr(env, 'HTTP_REQUEST_TIMEOUT_MS'),
      },
      /**
       * A body slower than this, after a few seconds' grace, is cut with 408 (http/body-rate.ts): a
       * phone on a poor 3G link still sends tens of kilobytes a second, a connection-hoarding client
       * sends a few bytes. The connection cap bounds what such clients can hold at once.
       */
      httpLimits: {
        minBodyBytesPerSecond: readOr(env, 'HTTP_BODY_MIN_BYTES_PER_SECOND'),
        maxConnections: readOr(env, 'HTTP_MAX_CONNECTIONS'),
      },
    },
    database: {
      url: databaseUrl,
      pool: {
        size: readOr(env, 'DATABASE_POOL_SIZE'),
        connectMs: readOr(env, 'DATABASE_CONNECT_TIMEOUT_MS'),
        statementMs: readOr(env, 'DATABASE_STATEMENT_TIMEOUT_MS'),
      },
      dataDir: resolve(readOr(env, 'DATA_DIR')),
      /** The embedded default shows a catalogue on first start; a configured PostgreSQL is never seeded unasked. */
      seedDemo: read(env, 'SEED_DEMO') ?? !databaseUrl,
    },
    security: {
      /** Unset outside production: generated into DATA_DIR at start (startup-config.ts). */
      sessionSecret: secret('SESSION_SECRET'),
      dataEncryptionKey: secret('DATA_ENCRYPTION_KEY'),
      dataEncryptionPreviousKeys: readOr(env, 'DATA_ENCRYPTION_PREVIOUS_KEYS'),
      initDataMaxAge: readOr(env, 'INIT_DATA_MAX_AGE'),
      adminTelegramIds: readOr(env, 'ADMIN_TELEGRAM_IDS'),
      devLogin,
      /**
       * On the plain web, staff reach customers' personal data only after a passkey check in their
       * session; inside Telegram the signed init data is the factor (docs/decisions/010-staff-sessions-and-passkeys.md).
       */
      staffMfa: read(env, 'STAFF_MFA') ?? (production ? 'required' : 'off'),
      rateLimit: {
        max: readOr(env, 'RATE_LIMIT_MAX'),
        strictMax: readOr(env, 'RATE_LIMIT_STRICT_MAX'),
        redisUrl: read(env, 'REDIS_URL'),
      },
      /**
       * What anonymous web guests may create per client address, counted in the database so that
       * every instance sees one count (docs/decisions/011-guest-costs-and-merges.md, which explains
       * the defaults: many real people share one address behind a dealership's Wi-Fi or a carrier's NAT).
       */
      guestLimits: {
        guestsPerHour: readOr(env, 'GUEST_MAX_PER_ADDRESS'),
        draftsPerDay: readOr(env, 'DRAFT_MAX_PER_ADDRESS'),
        photosPerDay: readOr(env, 'LICENCE_PHOTO_MAX_PER_ADDRESS'),
      },
    },
    bot: {
      token: botToken,
      username: read(env, 'BOT_USERNAME'),
      mode: botMode,
      apiRoot: readOr(env, 'BOT_API_ROOT'),
      staffChatId: read(env, 'STAFF_CHAT_ID'),
    },
    /** Idle guests holding nothing of value, and drafts nobody saved again, are deleted after these many days. */
    retention: {
      guestDays: readOr(env, 'GUEST_RETENTION_DAYS'),
      draftDays: readOr(env, 'DRAFT_RETENTION_DAYS'),
    },
    /**
     * docs/product/retention.md#data-retention: an application's SSN, birth date, income, addresses,
     * employment and licence photos are erased this many months after its decision.
     */
    personalDataRetention: { months: readOr(env, 'RETENTION_MONTHS') },
    /** Unset: the first Chromium found at start (startup-config.ts). */
    pdf: { chromePath: read(env, 'CHROME_PATH') },
    /**
     * Uploaded photos (docs/decisions/007-licence-uploads.md): the wizard sends about 2,000 pixels
     * on the longest edge (4 MP), so 24 MP leaves room for a phone's full-size photo and refuses
     * what only a pixel bomb needs; each decode takes one core.
     */
    images: {
      maxPixels: readOr(env, 'IMAGE_MAX_PIXELS'),
      decodeConcurrency: readOr(env, 'IMAGE_DECODE_CONCURRENCY'),
    },
    /**
     * Photo URLs of a stock file are never fetched from private, loopback or link-local addresses
     * (inventory/photo-fetch.consumer.ts) unless their host is listed here: a test server, or a photo host on
     * the dealer's own network.
     */
    photoFetch: { allowHosts: readOr(env, 'PHOTO_FETCH_ALLOW_HOSTS') },
    /** Each outbox consumer has its own loop with this many deliveries in flight at most (decision 017). */
    outbox: { concurrency: readOr(env, 'OUTBOX_CONCURRENCY') },
    geo: {
      countryHeader: read(env, 'GEO_COUNTRY_HEADER')?.toLowerCase(),
      lookupUrl: read(env, 'GEO_LOOKUP_URL'),
    },
    company: {
      name: readOr(env, 'COMPANY_NAME'),
      address: readOr(env, 'COMPANY_ADDRESS'),
      phone: readOr(env, 'COMPANY_PHONE'),
      email: readOr(env, 'COMPANY_EMAIL'),
      /** The state dealer licence the footer of every page names; unset, the footer leaves it out rather than invent one. */
      license: read(env, 'DEALER_LICENSE'),
      socialLinks: readOr(env, 'SOCIAL_LINKS'),
      /**
       * The dealership's address in parts, for the ads feeds (docs/product/feeds.md) and structured
       * data; the defaults are the demo COMPANY_ADDRESS's. The store code is Google's name for the
       * dealership: unset, the Google feed is not served (server/src/feeds/feeds.service.ts).
       */
      location: {
        street: readOr(env, 'DEALER_ADDRESS_STREET'),
        city: readOr(env, 'DEALER_ADDRESS_CITY'),
        region: readOr(env, 'DEALER_ADDRESS_REGION'),
        postalCode: readOr(env, 'DEALER_ADDRESS_POSTAL_CODE'),
        country: 'US',
        storeCode: read(env, 'DEALER_STORE_CODE'),
      },
    },
    /**
     * The dealer and routing block of every application (docs/product/submission.md#submission-and-statuses), filled by the
     * server: whatever a client sends there is ignored. The demo values suit trying the app.
     */
    dealer: {
      creditProvider: readOr(env, 'DEALER_CREDIT_PROVIDER'),
      dealerId: readOr(env, 'DEALER_ID'),
      partnerDealerId: readOr(env, 'DEALER_PARTNER_ID'),
      sourcePartnerId: readOr(env, 'DEALER_SOURCE_PARTNER_ID'),
      toggles: readOr(env, 'DEALER_TOGGLES'),
    },
    /** How long a trade-in offer holds when staff leave its validity out. */
    tradeIns: { offerValidDays: readOr(env, 'TRADE_IN_OFFER_VALID_DAYS') },
    /**
     * Email to web applicants and the CRM's leads (server/src/mail/, docs/configuration.md, Mail); without
     * SMTP_URL email is off and the runtime says so once at start.
     */
    mail: {
      smtpUrl,
      from: mailFrom,
      crmAdfEmail: read(env, 'CRM_ADF_EMAIL'),
    },

    /** Where submitted applications go and whose signed decisions come back (docs/operations/lender.md); unset, nothing is sent. */
    lender,
  };
  return deepFreeze(config);
}

/**
 * LENDER_WEBHOOK_URL and LENDER_WEBHOOK_SECRET come together: every hand-off is signed, and the
 * licence photos it links to are fetched from PUBLIC_URL.
 */
function lenderSettings(env: Env, publicUrl: string | undefined) {
  const webhookUrl = read(env, 'LENDER_WEBHOOK_URL');
  const secret = read(env, 'LENDER_WEBHOOK_SECRET');
  if (webhookUrl === undefined && secret === undefined) return undefined;
  if (webhookUrl === undefined)
    throw new ConfigError('LENDER_WEBHOOK_URL', `LENDER_WEBHOOK_SECRET is set without it; ${VARIABLES.LENDER_WEBHOOK_URL.fix}`);
  if (secret === undefined)
    throw new ConfigError('LENDER_WEBHOOK_SECRET', `required with LENDER_WEBHOOK_URL; ${VARIABLES.LENDER_WEBHOOK_SECRET.fix}`);
  if (publicUrl === undefined)
    throw new ConfigError('PUBLIC_URL', 'required with LENDER_WEBHOOK_URL: the lender fetches the licence photos from this address');
  return { webhookUrl, secret, publicUrl };
}

/** The environment as parsed: development secrets and the browser are not filled in yet. */
export type ParsedConfig = ReturnType<typeof loadConfig>;

/** The configuration a running server uses, once startup-config.ts has filled in what parsing leaves open. */
export type Config = Omit<ParsedConfig, 'security'> & {
  readonly security: ParsedConfig['security'] & { readonly sessionSecret: string; readonly dataEncryptionKey: string };
};

/**
 * Some settings of some sections: what a feature is given by the composition root rather than the
 * whole object (docs/architecture.md, Server features), e.g. `ConfigSlice<{ company: 'name'; server: 'timeZone' }>`.
 * A section a feature uses whole is `Pick<Config, 'lender'>`.
 */
export type ConfigSlice<Wanted extends { readonly [Section in keyof Config]?: keyof Config[Section] }> = {
  readonly [Section in keyof Wanted & keyof Config]: Pick<Config[Section], Wanted[Section] & keyof Config[Section]>;
};

export function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
