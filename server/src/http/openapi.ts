import { STATUS_CODES } from 'node:http';
import swagger from '@fastify/swagger';
import { toJsonSchema } from '@valibot/to-json-schema';
import type { FastifyInstance, FastifySchema } from 'fastify';
import type * as v from 'valibot';
import { ERROR_STATUS } from '../../../domain/contracts/errors.ts';
import { cookieName } from './cookie-names.ts';
import type { Config, ConfigSlice } from '../config.ts';
import type { Access } from './access.ts';

interface RouteDocs {
  summary: string;
  tags?: string[];
  querystring?: v.GenericSchema;
  params?: v.GenericSchema;
  body?: v.GenericSchema;
  /** JSON Schemas of answers by status: fast-json-stringify serialises with them, and they are documented. */
  response?: Record<number, unknown>;
  /**
   * The other success answers by status, as the domain contract's valibot schema (null: no body, as
   * a 204 or 304; media types: a file in one of them, such as ['application/pdf']). Documented only: the handler's own value goes on the wire, and the test helper
   * (server/test/answer-check.ts) holds every answer to what is documented.
   */
  answers?: Record<number, v.GenericSchema | readonly string[] | null>;
  /** Error statuses of the route's own rules, beyond those its shape implies (errorStatuses). */
  errors?: number[];
}

interface DocumentedSchema extends FastifySchema {
  errors?: number[];
  answers?: Record<number, unknown>;
}

/** What a client may send, as JSON Schema: the input side of the domain schema that validates it. */
const asJsonSchema = (schema: v.GenericSchema) =>
  toJsonSchema(schema, { typeMode: 'input', errorMode: 'ignore' }) as Record<string, unknown>;

/** What a server sends, as JSON Schema: the output side of the contract's schema. */
const isMediaTypes = (answer: v.GenericSchema | readonly string[]): answer is readonly string[] => Array.isArray(answer);

function answerJsonSchema(status: number, schema: v.GenericSchema | readonly string[] | null) {
  if (schema === null) return { description: `${STATUS_CODES[status]}: no body.`, type: 'null' };
  if (isMediaTypes(schema)) {
    const file = { schema: { type: 'string', format: 'binary' } };
    return { description: STATUS_CODES[status], content: Object.fromEntries(schema.map((mediaType: string) => [mediaType, file])) };
  }
  return {
    description: STATUS_CODES[status],
    ...(toJsonSchema(schema, { typeMode: 'output', errorMode: 'ignore' }) as Record<string, unknown>),
  };
}

/**
 * A route's entry in the API document, built from the very valibot schemas its handler parses
 * with, so the document cannot drift from the rules. Validation itself stays with valibot
 * (parseOr400): the API plugin gives Fastify a validator that accepts everything.
 */
export function documented({ summary, tags, querystring, params, body, response, answers, errors }: RouteDocs): FastifySchema {
  const schema: DocumentedSchema = {
    summary,
    ...(tags ? { tags } : {}),
    ...(querystring ? { querystring: asJsonSchema(querystring) } : {}),
    ...(params ? { params: asJsonSchema(params) } : {}),
    ...(body ? { body: asJsonSchema(body) } : {}),
    ...(response ? { response } : {}),
    ...(errors ? { errors } : {}),
    ...(answers
      ? {
          answers: Object.fromEntries(
            Object.entries(answers).map(([status, answer]) => [status, answerJsonSchema(Number(status), answer)]),
          ),
        }
      : {}),
  };
  return schema;
}

/** The identities a request may carry (auth/identity.service.ts reads them in this order). */
const securitySchemes = (server: Pick<Config['server'], 'production'>) =>
  ({
    telegramInitData: {
      type: 'http',
      scheme: 'tma',
      description: 'Inside Telegram: Authorization: tma <init data>, the launch parameters Telegram signed for this bot.',
    },
    staffSession: {
      type: 'apiKey',
      in: 'cookie',
      name: cookieName(server, 'session'),
      description: 'On the web: the staff session a sign-in link or the Telegram login widget started.',
    },
    guestCookie: {
      type: 'apiKey',
      in: 'cookie',
      name: cookieName(server, 'guest'),
      description: "On the web: a visitor's guest identity, made by their first favourite or draft; public routes only.",
    },
  }) as const;

type SchemeName = keyof ReturnType<typeof securitySchemes>;
type SecurityRequirement = Partial<Record<SchemeName, string[]>>;

const TELEGRAM_USER: SecurityRequirement[] = [{ telegramInitData: [] }, { staffSession: [] }];

/**
 * Who may call a route, from its `access` (http/access.ts): a Telegram user for signed-in and staff
 * routes (the staff check itself is the 403), anyone for public ones, identified or not.
 */
const securityFor = (access: Access | undefined): SecurityRequirement[] =>
  access ? TELEGRAM_USER : [{}, ...TELEGRAM_USER, { guestCookie: [] }];

/** GET /api/cars/:uuid → getCarsByUuid: stable while the route is, and unique as method and path are. */
function operationIdFor(method: string, url: string): string {
  const words = url
    .split('/')
    .filter((segment) => segment !== '' && segment !== 'api')
    .flatMap((segment) => (segment.startsWith(':') ? ['by', ...segment.slice(1).split(/[^a-z0-9]+/i)] : segment.split(/[^a-z0-9]+/i)))
    .filter(Boolean);
  const capitalised = (words.length ? words : ['root']).map((word) => word[0]!.toUpperCase() + word.slice(1));
  return method.toLowerCase() + capitalised.join('');
}

const WITH_BODY = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The error answers a route has by its shape: 400 for input it validates; on any API route 400 and
 * 401 for credentials sent that are malformed or do not verify (auth/identity.service.ts), 403 for a
 * state-changing call from another site (security/origin-check.ts) or an x-telegram-id that is not
 * the caller's (http/access.ts), 413 and 415 for a body over the limit or in a type it does not read, 429 for the rate limit
 * (security/rate-limit.ts); 401 and 403 for an access rule, 404 for a path that names a record, 413
 * for a body over its limit; on every route 500 for a fault of the server and 503 while the database
 * (or a dependency such as the PDF renderer) is out of reach (db/unavailable.ts); plus those its own rules declare.
 */
function errorStatuses(method: string, url: string, access: Access | undefined, schema: DocumentedSchema | undefined): number[] {
  const api = url.startsWith('/api/');
  const statuses = new Set(schema?.errors);
  if (schema?.querystring || schema?.params || schema?.body) statuses.add(400);
  if (access) statuses.add(401).add(403);
  if (api) statuses.add(400).add(401).add(403);
  if (api && WITH_BODY.has(method)) statuses.add(413).add(415);
  if (url.includes('/:')) statuses.add(404);
  if (schema?.body) statuses.add(413);
  if (api) statuses.add(429);
  statuses.add(500).add(503);
  return [...statuses].sort((a, b) => a - b);
}

/** ErrorBody (domain/contracts/errors.ts) as JSON Schema. */
const ERROR_BODY_SCHEMA = {
  type: 'object' as const,
  required: ['error'],
  properties: {
    error: {
      type: 'object' as const,
      required: ['code', 'message'],
      properties: {
        code: {
          type: 'string' as const,
          enum: Object.keys(ERROR_STATUS),
          description: 'Stable: clients branch on it; the status follows from it.',
        },
        message: { type: 'string' as const, description: 'For people, in plain words.' },
        fields: {
          type: 'object' as const,
          additionalProperties: { type: 'string' as const },
          description: "Dot path of a field ('previousAddress.city') → what is wrong with it.",
        },
        applicationId: { type: 'integer' as const, description: 'With application_exists: the existing application.' },
        current: { type: 'object' as const, description: 'With stale_version: the car as it is now (an InventoryCar), to edit again.' },
        otherCar: {
          type: 'object' as const,
          description: 'With duplicate_vin or duplicate_stock_number: the car that has the value (uuid, stockNumber, vin, title).',
        },
        nextSlots: {
          type: 'array' as const,
          items: {
            type: 'object' as const,
            required: ['start', 'end', 'placesLeft'],
            properties: {
              start: { type: 'string' as const, format: 'date-time' },
              end: { type: 'string' as const, format: 'date-time' },
              placesLeft: { type: 'integer' as const },
            },
          },
          description: 'With slot_full: the next slots with a place left (start, end, placesLeft).',
        },
      },
    },
  },
};

/** One reusable answer per error status, naming the codes it can carry. */
function errorResponse(status: number) {
  const codes = Object.entries(ERROR_STATUS)
    .filter(([, codeStatus]) => codeStatus === status)
    .map(([code]) => code);
  return {
    description: `${STATUS_CODES[status] ?? 'Error'}: error.code is ${codes.join(' or ')}.`,
    content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
  };
}

interface Operation {
  operationId?: string;
  responses?: Record<string, unknown>;
}

interface OpenApiObject {
  paths?: Record<string, Record<string, Operation>>;
  components?: Record<string, unknown>;
}

/** Collects every route as it is registered; GET /api/openapi.json serves the result. Call before any route. */
export async function registerOpenApi(
  app: FastifyInstance,
  { company, server }: ConfigSlice<{ company: 'name'; server: 'publicUrl' | 'production' }>,
) {
  // Filled as @fastify/swagger walks the routes, read when it finishes the document.
  const errorsByOperation = new Map<string, number[]>();
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${company.name} API`,
        version: '1',
        description:
          'Car catalogue, favourites, identity and staff endpoints. Errors are JSON {error: {code, message, fields?}}; inside Telegram send Authorization: tma <init data>.',
      },
      servers: [{ url: server.publicUrl ?? '/', description: 'This server' }],
      // Operations name their schemes (transform below), so @fastify/swagger needs them first.
      components: { securitySchemes: securitySchemes(server), schemas: { ErrorBody: ERROR_BODY_SCHEMA } },
    },
    transform: ({ schema, url, route }) => {
      const access = route.config?.access;
      const method = [route.method].flat()[0]!;
      const operationId = operationIdFor(method, url);
      errorsByOperation.set(operationId, errorStatuses(method, url, access, schema));
      const { answers, ...rest } = (schema ?? {}) as DocumentedSchema;
      const response = answers ? { ...answers, ...(rest.response as Record<number, unknown> | undefined) } : rest.response;
      return { schema: { ...rest, ...(response ? { response } : {}), operationId, security: securityFor(access) }, url };
    },
    transformObject: (documentObject) => {
      const document = ('openapiObject' in documentObject ? documentObject.openapiObject : documentObject) as OpenApiObject;
      const used = new Set<number>();
      for (const operation of Object.values(document.paths ?? {}).flatMap((item) => Object.values(item))) {
        for (const status of errorsByOperation.get(operation.operationId ?? '') ?? []) {
          operation.responses ??= {};
          operation.responses[status] ??= { $ref: `#/components/responses/Error${status}` };
          used.add(status);
        }
      }
      document.components = {
        ...document.components,
        responses: Object.fromEntries([...used].sort().map((status) => [`Error${status}`, errorResponse(status)])),
      };
      return document;
    },
  });
}
