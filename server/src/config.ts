import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join, resolve } from 'node:path';
import * as v from 'valibot';
import { BOT_USERNAME_PATTERN } from '../../domain/contracts/site.ts';
import { MIN_RETENTION_MONTHS } from '../../domain/retention.ts';
import { US_STATE_CODES } from '../../domain/us-states.ts';
import { DEFAULT_POOL_SETTINGS } from './db/pool-settings.ts';

/**
 * Configuration is parsed exactly once, from the environment, into a frozen object.
 * Nothing else in the codebase reads process.env (docs/architecture.md).
 */

const CHROME_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];
const DEFAULT_BOT_API_ROOT = 'https://api.telegram.org';

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

/** One entry per variable: its schema and the sentence that tells the user how to fix a bad value. */
const rules = {
  NODE_ENV: [v.picklist(['development', 'production', 'test']), 'use development, production or test'],
  PORT: [integerIn(0, 65535), 'use a port number from 0 to 65535'],
  HOST: [v.pipe(v.string(), v.minLength(1)), 'use an address to listen on, such as 0.0.0.0 or 127.0.0.1'],
  DATABASE_URL: [
    v.pipe(v.string(), v.regex(/^postgres(ql)?:\/\/.+/)),
    'use a connection string such as postgres://user:password@host:5432/dbname, or unset it for the embedded database',
  ],
  DATA_DIR: [v.pipe(v.string(), v.minLength(1)), 'use a writable folder path'],
  DATABASE_POOL_SIZE: [integerIn(1, 500), 'use the number of PostgreSQL connections per process, such as 10'],
  DATABASE_CONNECT_TIMEOUT_MS: [integerIn(100, 120_000), 'use the milliseconds to wait for a database connection, such as 3000'],
  DATABASE_STATEMENT_TIMEOUT_MS: [integerIn(100, 600_000), 'use the milliseconds one database statement may take, such as 5000'],
  HTTP_HEADERS_TIMEOUT_MS: [integerIn(1000, 120_000), 'use the milliseconds a client has to send request headers, such as 10000'],
  HTTP_IDLE_TIMEOUT_MS: [integerIn(1000, 600_000), 'use the milliseconds a connection may stay silent mid-request, such as 30000'],
  HTTP_REQUEST_TIMEOUT_MS: [
    integerIn(1000, 3_600_000),
    'use the milliseconds a client has to send a whole request (uploads included), such as 120000',
  ],
  HTTP_BODY_MIN_BYTES_PER_SECOND: [
    integerIn(0, 100_000_000),
    'use the slowest rate in bytes per second a request body (an upload included) may arrive at, such as 2048, or 0 for no minimum',
  ],
  HTTP_MAX_CONNECTIONS: [integerIn(1, 1_000_000), 'use the number of connections one server process accepts at once, such as 1000'],
  BOT_TOKEN: [v.pipe(v.string(), v.regex(/^\d+:[\w-]{30,}$/)), 'use the token BotFather gave you, like 123456:ABC-DEF…'],
  BOT_USERNAME: [
    v.pipe(
      v.string(),
      v.transform((s) => s.replace(/^@/, '')),
      v.regex(BOT_USERNAME_PATTERN),
    ),
    "use the bot's username without @, 5 to 32 letters, digits or underscores",
  ],
  PUBLIC_URL: [
    v.pipe(
      v.string(),
      v.url(),
      v.regex(/^https?:\/\//),
      v.transform((s) => s.replace(/\/+$/, '')),
    ),
    'use the public origin of this app, such as https://cars.example.com',
  ],
  BOT_MODE: [v.picklist(['polling', 'webhook', 'off']), 'use polling, webhook or off'],
  BOT_API_ROOT: [
    v.pipe(
      v.string(),
      v.url(),
      v.transform((s) => s.replace(/\/+$/, '')),
    ),
    'use the base URL of a Bot API server, such as http://127.0.0.1:8081',
  ],
  STAFF_CHAT_ID: [
    v.pipe(v.string(), v.regex(/^-?\d+$/), v.transform(Number)),
    'use the numeric id of the staff supergroup, such as -1001234567890',
  ],
  ADMIN_TELEGRAM_IDS: [
    v.pipe(
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
    'use comma-separated numeric Telegram user ids, such as 111,222',
  ],
  SESSION_SECRET: [v.pipe(v.string(), v.minLength(32)), 'use a random string of at least 32 characters'],
  DATA_ENCRYPTION_KEY: [
    v.pipe(
      v.string(),
      v.base64(),
      v.check((s) => Buffer.from(s, 'base64').length === 32),
    ),
    'use 32 random bytes in base64, e.g. the output of: openssl rand -base64 32',
  ],
  DATA_ENCRYPTION_PREVIOUS_KEYS: [
    v.pipe(
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
    'use comma-separated retired DATA_ENCRYPTION_KEY values (32 bytes in base64 each), kept only to read older data',
  ],
  INIT_DATA_MAX_AGE: [integerIn(1, 31 * 86400), 'use a number of seconds from 1 to 2678400'],
  TRUST_PROXY: [
    v.union([
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
    'use the number of proxies in front of the app (such as 1), or their comma-separated addresses or ranges (such as 10.0.0.2,172.16.0.0/12), or false',
  ],
  RATE_LIMIT_MAX: [integerIn(1, 1_000_000), 'use the number of API requests one client may make per minute, such as 600'],
  RATE_LIMIT_STRICT_MAX: [
    integerIn(1, 100_000),
    'use the number of sign-in attempts (or other guarded actions, such as submitting an application) one client may make per minute, such as 10',
  ],
  GUEST_MAX_PER_ADDRESS: [integerIn(1, 1_000_000), 'use the number of new web guests one client address may create per hour, such as 100'],
  DRAFT_MAX_PER_ADDRESS: [
    integerIn(1, 1_000_000),
    'use the number of application drafts web guests from one client address may start per day, such as 50',
  ],
  LICENCE_PHOTO_MAX_PER_ADDRESS: [
    integerIn(1, 1_000_000),
    'use the number of licence photos web guests from one client address may upload per day that no application uses yet, such as 40',
  ],
  GUEST_RETENTION_DAYS: [
    integerIn(1, 3650),
    'use the number of days an idle web guest with no favourite, draft or application is kept, such as 30',
  ],
  DRAFT_RETENTION_DAYS: [integerIn(1, 3650), 'use the number of days an application draft nobody saves again is kept, such as 30'],
  RETENTION_MONTHS: [
    integerIn(MIN_RETENTION_MONTHS, 1200),
    'use the number of months after its decision an application keeps its personal data, at least 25 (Regulation B keeps applications 25 months after notice of action), such as 25',
  ],
  REDIS_URL: [
    v.pipe(v.string(), v.regex(/^rediss?:\/\/.+/)),
    'use a Redis URL such as redis://127.0.0.1:6379, or unset it to keep rate limits in memory (one instance)',
  ],
  CHROME_PATH: [
    v.pipe(
      v.string(),
      v.check((path: string) => existsSync(path)),
    ),
    'use the path of an installed Chromium or Chrome executable',
  ],
  IMAGE_MAX_PIXELS: [
    integerIn(1_000_000, 200_000_000),
    'use the most pixels (width × height) an uploaded photo may have, such as 24000000',
  ],
  PHOTO_FETCH_ALLOW_HOSTS: [
    v.pipe(
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
    'use comma-separated host names or addresses whose photo URLs may be on a private network, such as 127.0.0.1 or photos.dealer.lan',
  ],
  IMAGE_DECODE_CONCURRENCY: [integerIn(1, 16), 'use the number of uploaded photos one process may decode at once, such as 1'],
  OUTBOX_CONCURRENCY: [
    integerIn(1, 64),
    'use the number of deliveries one process sends at once to each outbox consumer (lender, email, Telegram, CRM), such as 4',
  ],
  DEV_LOGIN: [v.picklist(['0', '1']), 'use 1 to enable the development sign-in, 0 or unset otherwise'],
  STAFF_MFA: [v.picklist(['required', 'off']), 'use required (staff on the web confirm a passkey before personal data) or off'],
  SEED_DEMO: [
    v.pipe(
      v.picklist(['true', 'false']),
      v.transform((s) => s === 'true'),
    ),
    'use true to load the demo cars and FAQs into an empty database at start, or false',
  ],
  ALLOWED_ORIGINS: [
    v.pipe(
      v.string(),
      v.transform((s) =>
        s
          .split(',')
          .map((x) => x.trim().replace(/\/+$/, ''))
          .filter(Boolean),
      ),
      v.array(v.pipe(v.string(), v.url())),
    ),
    'use comma-separated origins such as https://a.example.com,https://b.example.com',
  ],
  LOG_LEVEL: [
    v.picklist(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']),
    'use fatal, error, warn, info, debug, trace or silent',
  ],
  // Zone names only: PostgreSQL would read a bare offset such as +05:00 with the opposite sign (POSIX).
  TIMEZONE: [
    v.pipe(v.string(), v.regex(/^[A-Za-z]+(\/[A-Za-z0-9_+-]+)*$/), v.check(isTimeZone)),
    'use an IANA time zone name such as America/Chicago or America/New_York',
  ],
  GEO_COUNTRY_HEADER: [v.pipe(v.string(), v.regex(/^[A-Za-z0-9-]+$/)), 'use an HTTP header name such as cf-ipcountry'],
  GEO_LOOKUP_URL: [
    v.pipe(v.string(), v.url()),
    'use the URL of a lookup service that answers JSON with a country code; {ip} is replaced by the client address',
  ],
  COMPANY_NAME: [v.pipe(v.string(), v.minLength(1)), 'use the dealer name shown on the site'],
  COMPANY_ADDRESS: [v.pipe(v.string(), v.minLength(1)), 'use the street address shown in the contact section'],
  COMPANY_PHONE: [v.pipe(v.string(), v.regex(/^\+?[\d\s()-]{7,20}$/)), 'use a phone number such as +1 (555) 010-0100'],
  COMPANY_EMAIL: [v.pipe(v.string(), v.email()), 'use an email address such as sales@example.com'],
  DEALER_LICENSE: [
    v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200)),
    'use the dealer licence as the footer shows it, such as Texas dealer license P123456',
  ],
  DEALER_STORE_CODE: [
    v.pipe(v.string(), v.regex(/^[\w.-]{1,64}$/)),
    "use the store code of the dealership in Google Merchant Center (its Business Profile's), such as DALLAS-01: letters, digits, dots, dashes or underscores",
  ],
  DEALER_ADDRESS_STREET: [dealerText, 'use the street line of the dealership, such as 1200 Commerce Street'],
  DEALER_ADDRESS_CITY: [dealerText, 'use the city of the dealership, such as Dallas'],
  DEALER_ADDRESS_REGION: [
    v.pipe(
      v.string(),
      v.transform((s) => s.toUpperCase()),
      v.picklist(US_STATE_CODES),
    ),
    'use the two-letter USPS code of the state the dealership is in, such as TX',
  ],
  DEALER_ADDRESS_POSTAL_CODE: [
    v.pipe(v.string(), v.regex(/^\d{5}(-\d{4})?$/)),
    'use the ZIP code of the dealership, such as 75202 or 75202-1234',
  ],
  DEALER_CREDIT_PROVIDER: [dealerText, 'use the name of the credit provider applications are routed to, such as demo-credit'],
  DEALER_ID: [dealerText, 'use the dealer id your credit provider gave you, such as DEMO-DEALER-001'],
  DEALER_PARTNER_ID: [dealerText, 'use the partner dealer id your credit provider gave you, such as DEMO-PARTNER-001'],
  DEALER_SOURCE_PARTNER_ID: [dealerText, 'use the source partner id that names this app to the credit provider, such as car-credit-app'],
  DEALER_TOGGLES: [
    v.pipe(
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
    'use comma-separated name=true|false switches of the credit provider, such as autoDecision=false,softPull=true',
  ],
  LENDER_WEBHOOK_URL: [
    v.pipe(v.string(), v.url(), v.check(isLenderUrl)),
    'use the https URL your lender receives applications at, such as https://lender.example.com/applications (http only for 127.0.0.1, ::1 or localhost)',
  ],
  LENDER_WEBHOOK_SECRET: [
    v.pipe(v.string(), v.minLength(32)),
    'use the shared secret agreed with your lender, at least 32 characters (both sides sign with it)',
  ],
  SOCIAL_LINKS: [
    v.pipe(
      v.string(),
      v.transform((s) =>
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
      v.array(v.pipe(v.string(), v.url())),
    ),
    'use comma-separated https URLs of your social pages',
  ],
  SMTP_URL: [
    v.pipe(v.string(), v.check(isSmtpUrl)),
    'use smtp://user:password@host:587 (STARTTLS) or smtps://user:password@host:465, or unset it to turn email off',
  ],
  MAIL_FROM: [
    v.pipe(v.string(), v.regex(MAIL_FROM_PATTERN)),
    'use the sender applicants see, such as "Liberty Auto Credit <credit@example.com>" or credit@example.com',
  ],
  CRM_ADF_EMAIL: [v.pipe(v.string(), v.email()), "use the address of the CRM's lead mailbox, such as leads@crm.example.com"],
} as const;

type Rules = typeof rules;
type Parsed<K extends keyof Rules> = v.InferOutput<Rules[K][0]>;

function readVariable<K extends keyof Rules>(env: Env, name: K): Parsed<K> | undefined {
  const raw = env[name];
  if (raw === undefined || raw.trim() === '') return undefined;
  const [schema, fix] = rules[name];
  const result = v.safeParse(schema, raw.trim());
  if (!result.success) throw new ConfigError(name, fix);
  return result.output;
}

function findChrome(): string | undefined {
  return CHROME_CANDIDATES.find((path) => existsSync(path));
}

/** Development secrets are generated once and kept in DATA_DIR so sessions survive restarts. */
function developmentSecret(dataDir: string, file: string, make: () => string): string {
  const path = join(dataDir, 'secrets', file);
  try {
    if (existsSync(path)) return readFileSync(path, 'utf8').trim();
    mkdirSync(join(dataDir, 'secrets'), { recursive: true, mode: 0o700 });
    const value = make();
    writeFileSync(path, value + '\n', { mode: 0o600 });
    return value;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new ConfigError('DATA_DIR', `cannot write ${dataDir} (${code}); use a folder this user can write, or set the secrets yourself`);
  }
}

export function loadConfig(env: Env = process.env) {
  const nodeEnv = readVariable(env, 'NODE_ENV') ?? 'development';
  const production = nodeEnv === 'production';
  const dataDir = resolve(readVariable(env, 'DATA_DIR') ?? './data');
  const botToken = readVariable(env, 'BOT_TOKEN');
  const publicUrl = readVariable(env, 'PUBLIC_URL');

  const secret = <K extends 'SESSION_SECRET' | 'DATA_ENCRYPTION_KEY'>(name: K, file: string, make: () => string) => {
    const value = readVariable(env, name);
    if (value !== undefined) return value as string;
    if (production) throw new ConfigError(name, `required in production; ${rules[name][1]}`);
    return developmentSecret(dataDir, file, make);
  };

  const botMode = readVariable(env, 'BOT_MODE') ?? (botToken ? (publicUrl ? 'webhook' : 'polling') : 'off');
  if (botMode !== 'off' && !botToken) throw new ConfigError('BOT_MODE', `${botMode} needs BOT_TOKEN; set BOT_TOKEN or use off`);
  if (botMode === 'webhook' && !publicUrl) throw new ConfigError('BOT_MODE', 'webhook needs PUBLIC_URL; set PUBLIC_URL or use polling');
  if (production && publicUrl && !publicUrl.startsWith('https://')) {
    throw new ConfigError('PUBLIC_URL', 'must be https in production (Telegram opens mini apps only over https)');
  }

  const trustProxy = readVariable(env, 'TRUST_PROXY') ?? false;
  if (production && trustProxy === true) {
    throw new ConfigError(
      'TRUST_PROXY',
      "true believes the client address any caller writes into X-Forwarded-For, so rate limits and logs would take a client's word for it; use the number of proxies in front of the app (such as 1) or their addresses (such as 10.0.0.2,172.16.0.0/12)",
    );
  }

  const lender = lenderSettings(env, publicUrl);

  const devLogin = readVariable(env, 'DEV_LOGIN') === '1';
  if (devLogin && nodeEnv !== 'development') {
    throw new ConfigError('DEV_LOGIN', 'the development sign-in exists only with NODE_ENV=development; unset DEV_LOGIN');
  }

  const smtpUrl = readVariable(env, 'SMTP_URL');
  const mailFrom = readVariable(env, 'MAIL_FROM');
  if (smtpUrl && !mailFrom) throw new ConfigError('MAIL_FROM', `required with SMTP_URL; ${rules.MAIL_FROM[1]}`);

  const config = {
    nodeEnv,
    production,
    port: readVariable(env, 'PORT') ?? 3000,
    host: readVariable(env, 'HOST') ?? '0.0.0.0',
    databaseUrl: readVariable(env, 'DATABASE_URL'),
    databasePool: {
      size: readVariable(env, 'DATABASE_POOL_SIZE') ?? DEFAULT_POOL_SETTINGS.size,
      connectMs: readVariable(env, 'DATABASE_CONNECT_TIMEOUT_MS') ?? DEFAULT_POOL_SETTINGS.connectMs,
      statementMs: readVariable(env, 'DATABASE_STATEMENT_TIMEOUT_MS') ?? DEFAULT_POOL_SETTINGS.statementMs,
    },
    dataDir,
    /**
     * A public server must not let a silent or trickling client hold a connection: headers come
     * quickly, a stalled body is cut after the idle time, and a whole request (a 10 MB licence photo
     * from a slow phone included) has a generous ceiling.
     */
    httpTimeouts: {
      headersMs: readVariable(env, 'HTTP_HEADERS_TIMEOUT_MS') ?? 10_000,
      idleMs: readVariable(env, 'HTTP_IDLE_TIMEOUT_MS') ?? 30_000,
      requestMs: readVariable(env, 'HTTP_REQUEST_TIMEOUT_MS') ?? 120_000,
    },
    /**
     * A body slower than this, after a few seconds' grace, is cut with 408 (http/body-rate.ts): a
     * phone on a poor 3G link still sends tens of kilobytes a second, a connection-hoarding client
     * sends a few bytes. The connection cap bounds what such clients can hold at once.
     */
    httpLimits: {
      minBodyBytesPerSecond: readVariable(env, 'HTTP_BODY_MIN_BYTES_PER_SECOND') ?? 2048,
      maxConnections: readVariable(env, 'HTTP_MAX_CONNECTIONS') ?? 1000,
    },
    logLevel: readVariable(env, 'LOG_LEVEL') ?? (nodeEnv === 'test' ? 'silent' : 'info'),
    /** The dealer's time zone: where the staff metrics' "today" and "this week" begin. */
    timeZone: readVariable(env, 'TIMEZONE') ?? 'America/Chicago',
    publicUrl,
    allowedOrigins: readVariable(env, 'ALLOWED_ORIGINS') ?? [],
    /**
     * Which X-Forwarded-* headers to believe for the client address, Host and scheme: false (none),
     * a hop count, or the proxies' addresses. true, believing whatever a client writes, is for
     * development only (see docs/configuration.md).
     */
    trustProxy,
    bot: {
      token: botToken,
      username: readVariable(env, 'BOT_USERNAME'),
      mode: botMode,
      apiRoot: readVariable(env, 'BOT_API_ROOT') ?? DEFAULT_BOT_API_ROOT,
      staffChatId: readVariable(env, 'STAFF_CHAT_ID'),
    },
    adminTelegramIds: readVariable(env, 'ADMIN_TELEGRAM_IDS') ?? [],
    sessionSecret: secret('SESSION_SECRET', 'session-secret', () => randomBytes(48).toString('base64url')),
    dataEncryptionKey: secret('DATA_ENCRYPTION_KEY', 'data-encryption-key', () => randomBytes(32).toString('base64')),
    dataEncryptionPreviousKeys: readVariable(env, 'DATA_ENCRYPTION_PREVIOUS_KEYS') ?? [],
    initDataMaxAge: readVariable(env, 'INIT_DATA_MAX_AGE') ?? 86400,
    rateLimit: {
      max: readVariable(env, 'RATE_LIMIT_MAX') ?? 600,
      strictMax: readVariable(env, 'RATE_LIMIT_STRICT_MAX') ?? 10,
      redisUrl: readVariable(env, 'REDIS_URL'),
    },
    /**
     * What anonymous web guests may create per client address, counted in the database so that
     * every instance sees one count (docs/decisions/011-guest-costs-and-merges.md, which explains
     * the defaults: many real people share one address behind a dealership's Wi-Fi or a carrier's NAT).
     */
    guestLimits: {
      guestsPerHour: readVariable(env, 'GUEST_MAX_PER_ADDRESS') ?? 100,
      draftsPerDay: readVariable(env, 'DRAFT_MAX_PER_ADDRESS') ?? 50,
      photosPerDay: readVariable(env, 'LICENCE_PHOTO_MAX_PER_ADDRESS') ?? 40,
    },
    /** Idle guests holding nothing of value, and drafts nobody saved again, are deleted after these many days. */
    retention: {
      guestDays: readVariable(env, 'GUEST_RETENTION_DAYS') ?? 30,
      draftDays: readVariable(env, 'DRAFT_RETENTION_DAYS') ?? 30,
    },
    /**
     * docs/product/retention.md#data-retention: an application's SSN, birth date, income, addresses,
     * employment and licence photos are erased this many months after its decision.
     */
    personalDataRetention: { months: readVariable(env, 'RETENTION_MONTHS') ?? 25 },
    chromePath: readVariable(env, 'CHROME_PATH') ?? findChrome(),
    /**
     * Uploaded photos (docs/decisions/007-licence-uploads.md): the wizard sends about 2,000 pixels
     * on the longest edge (4 MP), so 24 MP leaves room for a phone's full-size photo and refuses
     * what only a pixel bomb needs; each decode takes one core.
     */
    images: {
      maxPixels: readVariable(env, 'IMAGE_MAX_PIXELS') ?? 24_000_000,
      decodeConcurrency: readVariable(env, 'IMAGE_DECODE_CONCURRENCY') ?? 1,
    },
    /**
     * Photo URLs of a stock file are never fetched from private, loopback or link-local addresses
     * (inventory/photo-fetch.ts) unless their host is listed here: a test server, or a photo host on
     * the dealer's own network.
     */
    photoFetch: { allowHosts: readVariable(env, 'PHOTO_FETCH_ALLOW_HOSTS') ?? [] },
    /** Each outbox consumer has its own loop with this many deliveries in flight at most (decision 017). */
    outbox: { concurrency: readVariable(env, 'OUTBOX_CONCURRENCY') ?? 4 },
    devLogin,
    /**
     * On the plain web, staff reach customers' personal data only after a passkey check in their
     * session; inside Telegram the signed init data is the factor (docs/decisions/010-staff-sessions-and-passkeys.md).
     */
    staffMfa: readVariable(env, 'STAFF_MFA') ?? (production ? 'required' : 'off'),
    /** The embedded default shows a catalogue on first start; a configured PostgreSQL is never seeded unasked. */
    seedDemo: readVariable(env, 'SEED_DEMO') ?? !readVariable(env, 'DATABASE_URL'),
    geo: {
      countryHeader: readVariable(env, 'GEO_COUNTRY_HEADER')?.toLowerCase(),
      lookupUrl: readVariable(env, 'GEO_LOOKUP_URL'),
    },
    company: {
      name: readVariable(env, 'COMPANY_NAME') ?? 'Liberty Auto Credit',
      address: readVariable(env, 'COMPANY_ADDRESS') ?? '1200 Commerce Street, Dallas, TX 75202',
      phone: readVariable(env, 'COMPANY_PHONE') ?? '+1 (214) 555-0147',
      email: readVariable(env, 'COMPANY_EMAIL') ?? 'sales@libertyautocredit.example',
      /** The state dealer licence the footer of every page names; unset, the footer leaves it out rather than invent one. */
      license: readVariable(env, 'DEALER_LICENSE'),
      socialLinks: readVariable(env, 'SOCIAL_LINKS') ?? [],
      /**
       * The dealership's address in parts, for the ads feeds (docs/product/feeds.md) and structured
       * data; the defaults are the demo COMPANY_ADDRESS's. The store code is Google's name for the
       * dealership: unset, the Google feed is not served (server/src/feeds/feeds.service.ts).
       */
      location: {
        street: readVariable(env, 'DEALER_ADDRESS_STREET') ?? '1200 Commerce Street',
        city: readVariable(env, 'DEALER_ADDRESS_CITY') ?? 'Dallas',
        region: readVariable(env, 'DEALER_ADDRESS_REGION') ?? 'TX',
        postalCode: readVariable(env, 'DEALER_ADDRESS_POSTAL_CODE') ?? '75202',
        country: 'US',
        storeCode: readVariable(env, 'DEALER_STORE_CODE'),
      },
    },
    /**
     * The dealer and routing block of every application (docs/product/submission.md#submission-and-statuses), filled by the
     * server: whatever a client sends there is ignored. The demo values suit trying the app.
     */
    dealer: {
      creditProvider: readVariable(env, 'DEALER_CREDIT_PROVIDER') ?? 'demo-credit',
      dealerId: readVariable(env, 'DEALER_ID') ?? 'DEMO-DEALER-001',
      partnerDealerId: readVariable(env, 'DEALER_PARTNER_ID') ?? 'DEMO-PARTNER-001',
      sourcePartnerId: readVariable(env, 'DEALER_SOURCE_PARTNER_ID') ?? 'car-credit-app',
      toggles: readVariable(env, 'DEALER_TOGGLES') ?? {},
    },
    /**
     * Email to web applicants and the CRM's leads (server/src/mail/, docs/operations/mail.md); without
     * SMTP_URL email is off and the runtime says so once at start.
     */
    mail: {
      smtpUrl,
      from: mailFrom,
      crmAdfEmail: readVariable(env, 'CRM_ADF_EMAIL'),
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
  const webhookUrl = readVariable(env, 'LENDER_WEBHOOK_URL');
  const secret = readVariable(env, 'LENDER_WEBHOOK_SECRET');
  if (webhookUrl === undefined && secret === undefined) return undefined;
  if (webhookUrl === undefined)
    throw new ConfigError('LENDER_WEBHOOK_URL', `LENDER_WEBHOOK_SECRET is set without it; ${rules.LENDER_WEBHOOK_URL[1]}`);
  if (secret === undefined)
    throw new ConfigError('LENDER_WEBHOOK_SECRET', `required with LENDER_WEBHOOK_URL; ${rules.LENDER_WEBHOOK_SECRET[1]}`);
  if (publicUrl === undefined)
    throw new ConfigError('PUBLIC_URL', 'required with LENDER_WEBHOOK_URL: the lender fetches the licence photos from this address');
  return { webhookUrl, secret, publicUrl };
}

export type Config = ReturnType<typeof loadConfig>;

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object') {
    for (const inner of Object.values(value)) deepFreeze(inner);
    Object.freeze(value);
  }
  return value;
}
