import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config.ts';

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

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    redact: { paths: REDACTED_PATHS, censor: '[redacted]' },
    serializers: {
      // Query strings can carry tokens or personal filters; log the path only.
      req: (req) => ({ method: req.method, url: req.url.split('?')[0], id: req.id }),
    },
  };
}
