import swagger from '@fastify/swagger';
import { toJsonSchema } from '@valibot/to-json-schema';
import type { FastifyInstance, FastifySchema } from 'fastify';
import type * as v from 'valibot';

interface RouteDocs {
  summary: string;
  tags?: string[];
  querystring?: v.GenericSchema;
  params?: v.GenericSchema;
  body?: v.GenericSchema;
  /** JSON Schemas of answers by status: fast-json-stringify serialises with them, and they are documented. */
  response?: Record<number, unknown>;
}

/** What a client may send, as JSON Schema: the input side of the domain schema that validates it. */
const asJsonSchema = (schema: v.GenericSchema) => toJsonSchema(schema, { typeMode: 'input', errorMode: 'ignore' }) as Record<string, unknown>;

/**
 * A route's entry in the API document, built from the very valibot schemas its handler parses
 * with, so the document cannot drift from the rules. Validation itself stays with valibot
 * (parseOr400): the API plugin gives Fastify a validator that accepts everything.
 */
export function documented({ summary, tags, querystring, params, body, response }: RouteDocs): FastifySchema {
  return {
    summary,
    ...(tags ? { tags } : {}),
    ...(querystring ? { querystring: asJsonSchema(querystring) } : {}),
    ...(params ? { params: asJsonSchema(params) } : {}),
    ...(body ? { body: asJsonSchema(body) } : {}),
    ...(response ? { response } : {}),
  };
}

/** Collects every route as it is registered; GET /api/openapi.json serves the result. Call before any route. */
export async function registerOpenApi(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: `${app.config.company.name} API`,
        version: '1',
        description:
          'Car catalogue, favourites, identity and staff endpoints. Errors are JSON {error: {code, message, fields?}}; inside Telegram send Authorization: tma <init data>.',
      },
    },
  });
}
