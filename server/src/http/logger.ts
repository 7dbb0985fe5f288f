import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import type { ConfigSlice } from '../config.ts';
import { prettyLogStream } from './pretty-log.ts';

/**
 * Structured logs without secrets or personal data: credentials, cookies, init data and any
 * field that could carry an SSN or birth date are censored wherever they appear.
 */
const SECRET_FIELDS = [
  'initData',
  'init_data',
  'authorization',
  'cookie',
  'token',
  'password',
  'hash',
  'ssn',
  'dateOfBirth',
  'date_of_birth',
  'birthDate',
  'dob',
  // A trade-in's payoff lender and amount (docs/product/trade-ins.md).
  'payoffLender',
  'payoffCents',
  'payoff_encrypted',
];

export const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-telegram-init-data"]',
  'req.headers["x-telegram-bot-api-secret-token"]',
  'res.headers["set-cookie"]',
  // pino's wildcards match one level each, so the fields are listed at the top and two levels down.
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`, `*.*.${field}`]),
];

/**
 * What an error may say in a log line. Drivers attach the statement's bound values (PGlite's
 * `params`) or a row's contents (`detail`, `where`), which hold names, search terms and the like;
 * the SQL text itself has placeholders only and is kept.
 */
export function serializeError(error: unknown): { type: string; message: string; stack: string; [key: string]: unknown } {
  if (!(error instanceof Error)) return { type: typeof error, message: String(error), stack: '' };
  const { code, query, statusCode } = error as { code?: unknown; query?: unknown; statusCode?: unknown };
  return {
    type: error.name,
    message: error.message,
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    ...(typeof statusCode === 'number' ? { statusCode } : {}),
    ...(typeof query === 'string' ? { query } : {}),
    stack: error.stack ?? '',
    ...(error.cause !== undefined ? { cause: serializeError(error.cause) } : {}),
  };
}

/**
 * JSON lines in production, for log collectors; in development the same lines formatted for a
 * terminal (pretty-log.ts). `out` is standard output unless a test reads the lines.
 */
export function loggerOptions(
  config: ConfigSlice<{ server: 'nodeEnv' | 'logLevel' }>,
  out?: NodeJS.WritableStream,
): FastifyServerOptions['logger'] {
  const destination =
    config.server.nodeEnv === 'development' ? { stream: prettyLogStream(out ?? process.stdout) } : out ? { stream: out } : {};
  return {
    ...destination,
    level: config.server.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      // Query strings can carry tokens or personal filters; log the path only. The client address
      // is as TRUST_PROXY sees it, so abuse can be traced to whoever sent it, never to our proxy.
      req: (req) => ({ method: req.method, url: req.url.split('?')[0], id: req.id, ip: req.ip }),
      err: serializeError,
    },
  };
}

type ChildArguments = Parameters<FastifyBaseLogger['child']>;
type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';

/**
 * request.log (and reply.log), the request's child of the app's logger, made when the request first
 * logs rather than for every request: making a pino child writes its bindings through the
 * redaction, a real share of a catalogue request, and most requests log nothing
 * (docs/operations/benchmarks.md#catalogue). The child is the one Fastify would make, so its lines
 * are the same.
 */
class RequestLogger implements FastifyBaseLogger {
  #made: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: ChildArguments[0],
    private readonly options: ChildArguments[1],
  ) {}

  #logger(): FastifyBaseLogger {
    return (this.#made ??= this.parent.child(this.bindings, this.options));
  }

  #log(level: Level, args: unknown[]) {
    const logger = this.#logger();
    Reflect.apply(logger[level], logger, args);
  }

  get level() {
    return this.#made?.level ?? this.options?.level ?? this.parent.level;
  }
  set level(level: string) {
    this.#logger().level = level;
  }

  fatal(...args: unknown[]) {
    this.#log('fatal', args);
  }
  error(...args: unknown[]) {
    this.#log('error', args);
  }
  warn(...args: unknown[]) {
    this.#log('warn', args);
  }
  info(...args: unknown[]) {
    this.#log('info', args);
  }
  debug(...args: unknown[]) {
    this.#log('debug', args);
  }
  trace(...args: unknown[]) {
    this.#log('trace', args);
  }
  silent(...args: unknown[]) {
    this.#log('silent', args);
  }

  child(...args: ChildArguments): FastifyBaseLogger {
    return this.#logger().child(...args);
  }
}

/** Fastify's `childLoggerFactory`: each request's logger, made on first use (RequestLogger). */
export const requestLoggerFactory: NonNullable<FastifyServerOptions['childLoggerFactory']> = (parent, bindings, options) =>
  new RequestLogger(parent, bindings, options);

/**
 * Fastify's own request logging writes two lines per request, a real cost at catalogue rates.
 * One line per answered request instead, only when it is interesting at the configured level:
 * refusals at info, everything at debug. Failures are logged by the error handler.
 */
export function registerRequestLogging(app: FastifyInstance) {
  const threshold = LEVEL_VALUES[app.log.level] ?? LEVEL_VALUES.info!;
  if (threshold > LEVEL_VALUES.info!) return;
  app.addHook('onResponse', async (request, reply) => {
    const status = reply.statusCode;
    if (status >= 500) return;
    const level = status >= 400 ? 'info' : 'debug';
    if (LEVEL_VALUES[level]! < threshold) return;
    request.log[level]({ req: request, status, ms: Math.round(reply.elapsedTime) }, 'request completed');
  });
}

const LEVEL_VALUES: Record<string, number> = { trace: 10, debug: 20, info: 30, warn: 40, error: 50, fatal: 60, silent: Infinity };
