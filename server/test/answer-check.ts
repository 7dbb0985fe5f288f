import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsModule from 'ajv-formats';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';

/**
 * Holds every answer a test gets to the served API document (GET /api/openapi.json): its status is
 * listed for the route, and a JSON body matches the schema documented for that status, if any. Installed by
 * useTestApp (checkAnswers), so a suite that walks the route table checks routes added later too.
 */

interface Answer {
  $ref?: string;
  content?: Record<string, { schema?: unknown }>;
}
interface OpenApiDocument {
  paths: Record<string, Record<string, { responses?: Record<string, Answer> }>>;
  components?: { responses?: Record<string, Answer> };
}

// ajv-formats is CommonJS: its function is the default export's default under Node's ESM.
const addFormats = (addFormatsModule as unknown as { default?: typeof addFormatsModule }).default ?? addFormatsModule;

const pointer = (...parts: string[]) => parts.map((part) => part.replace(/~/g, '~0').replace(/\//g, '~1')).join('/');

/** `/api/cars/{uuid}` as a pattern; the template with the most fixed text wins, as the router's static routes do. */
function templatePattern(template: string): RegExp {
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => (part.startsWith('{') ? '[^/]+?' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}$`);
}

export function answerChecker(document: OpenApiDocument) {
  const ajv = new Ajv({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document, 'openapi');
  const templates = Object.keys(document.paths)
    .map((template) => ({ template, pattern: templatePattern(template), fixed: template.replace(/\{[^}]+\}/g, '').length }))
    .sort((a, b) => b.fixed - a.fixed);
  const validators = new Map<string, ValidateFunction>();

  /** What is wrong with one answer, or null when it is as documented (or no documented route took it). */
  return function problemWith(method: string, url: string, status: number, contentType: string, body: string): string | null {
    const path = new URL(url, 'http://localhost').pathname;
    const template = templates.find((candidate) => candidate.pattern.test(path))?.template;
    const operation = template ? document.paths[template]?.[method.toLowerCase()] : undefined;
    if (!template || !operation) return null;
    const name = `${method} ${template}`;
    const listed = operation.responses?.[String(status)];
    if (!listed)
      return `${name} answered ${status}, which its document does not list (it lists ${Object.keys(operation.responses ?? {}).join(', ')})`;
    if (!/^application\/json\b/.test(contentType)) return null;
    const answer = listed.$ref ? document.components?.responses?.[listed.$ref.split('/').at(-1)!] : listed;
    // That every success answer has a schema is the route table's test (http/openapi.test.ts).
    if (!answer?.content?.['application/json']?.schema) return null;
    const location = listed.$ref
      ? pointer('components', 'responses', listed.$ref.split('/').at(-1)!, 'content', 'application/json', 'schema')
      : pointer('paths', template, method.toLowerCase(), 'responses', String(status), 'content', 'application/json', 'schema');
    let validate = validators.get(location);
    if (!validate) {
      validate = ajv.compile({ $ref: `openapi#/${location}` });
      validators.set(location, validate);
    }
    const value: unknown = JSON.parse(body);
    if (validate(value)) return null;
    return `${name} answered ${status} with a body its document does not describe: ${ajv.errorsText(validate.errors)}\n${body.slice(0, 500)}`;
  };
}

/** Makes app.inject fail the test on an answer that differs from the API document. */
export async function checkAnswersOf(app: FastifyInstance): Promise<void> {
  const inject = app.inject.bind(app);
  const served = await inject({ method: 'GET', url: '/api/openapi.json' });
  const problemWith = answerChecker(served.json<OpenApiDocument>());
  const check = (res: LightMyRequestResponse) => {
    const { method = 'GET', url = '/' } = res.raw.req;
    const problem = problemWith(method, url, res.statusCode, String(res.headers['content-type'] ?? ''), res.body);
    if (problem) throw new Error(`The API document does not match the API: ${problem}`);
    return res;
  };
  const passThrough = inject as (...args: unknown[]) => unknown;
  app.inject = ((options?: InjectOptions | string, callback?: unknown) => {
    // Only the promise form is checked; the chained and callback forms are passed through.
    if (options === undefined || callback !== undefined) return passThrough(options, callback);
    return inject(options).then(check);
  }) as FastifyInstance['inject'];
}
