import { describe, expect, it } from 'vitest';
import { answerChecker } from '../../test/answer-check.ts';
import { useTestApp } from '../../test/app.ts';

interface Operation {
  summary?: string;
  operationId?: string;
  security?: Array<Record<string, string[]>>;
  parameters?: Array<{ name: string; in: string }>;
  requestBody?: unknown;
  responses?: Record<string, { $ref?: string; content?: Record<string, { schema?: unknown }> }>;
}

interface OpenApiDocument {
  openapi: string;
  paths: Record<string, Record<string, Operation>>;
  components: { securitySchemes: Record<string, unknown>; responses: Record<string, unknown> };
}

/** Routes that are machinery rather than endpoints: the document itself, catch-alls and CORS preflights. */
const isMachinery = (route: { method: string; url: string }) =>
  route.method === 'OPTIONS' || route.url.endsWith('*') || route.url === '/api/openapi.json';

describe('the API document at /api/openapi.json', () => {
  const t = useTestApp('pglite');
  const document = async () => {
    const res = await t.app.inject('/api/openapi.json');
    expect(res.statusCode).toBe(200);
    return res.json<OpenApiDocument>();
  };

  it('lists every route the app serves, each with a summary', async () => {
    const { openapi, paths } = await document();
    expect(openapi).toMatch(/^3\./);
    const routes = t.app.routeTable.filter((route) => !isMachinery(route));
    expect(routes.length).toBeGreaterThan(10);
    for (const { method, url } of routes) {
      const path = url.replace(/:(\w+)/g, '{$1}');
      expect(paths[path]?.[method.toLowerCase()], `${method} ${url}`).toBeDefined();
      if (url.startsWith('/api/')) expect(paths[path]?.[method.toLowerCase()]?.summary, `${method} ${url}`).toBeTruthy();
    }
  });

  it('documents query parameters and bodies from the schemas the handlers validate with', async () => {
    const { paths } = await document();
    expect(paths['/api/users']?.get?.parameters?.map((p) => p.name)).toEqual(
      expect.arrayContaining(['page', 'limit', 'sortBy', 'is_admin']),
    );
    expect(paths['/api/users/admin']?.post?.requestBody).toBeDefined();
  });

  it('gives every operation a unique id, who may call it and its error answers', async () => {
    const { paths, components } = await document();
    const operations = Object.entries(paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({ name: `${method.toUpperCase()} ${path}`, ...operation })),
    );
    const ids = operations.map((operation) => operation.operationId);
    expect(new Set(ids).size).toBe(operations.length);
    for (const { name, operationId, security, responses } of operations) {
      expect(operationId, name).toMatch(/^[a-z][A-Za-z0-9]*$/);
      expect(security?.length, name).toBeGreaterThan(0);
      for (const requirement of security ?? [])
        for (const scheme of Object.keys(requirement)) expect(components.securitySchemes, name).toHaveProperty(scheme);
      const errors = Object.entries(responses ?? {}).filter(([status]) => /^4\d\d$/.test(status));
      expect(errors.length, name).toBeGreaterThan(0);
      for (const [, answer] of errors) expect(components.responses, name).toHaveProperty(answer.$ref!.split('/').at(-1)!);
    }
  });

  it('asks staff routes for Telegram init data or a staff session, and answers 401 and 403', async () => {
    const { paths } = await document();
    const staffList = paths['/api/users']?.get;
    expect(staffList?.security).toEqual([{ telegramInitData: [] }, { staffSession: [] }]);
    expect(Object.keys(staffList?.responses ?? {})).toEqual(expect.arrayContaining(['401', '403']));
  });

  it('lets anyone call public routes, identified or not', async () => {
    const { paths } = await document();
    expect(paths['/api/cars']?.get?.security).toEqual([{}, { telegramInitData: [] }, { staffSession: [] }, { guestCookie: [] }]);
  });

  it("documents the answers a route's own rules give, such as 409 for a second application", async () => {
    const { paths } = await document();
    expect(Object.keys(paths['/api/applications']?.post?.responses ?? {})).toEqual(
      expect.arrayContaining(['400', '401', '403', '409', '413', '429']),
    );
  });

  it('describes the body of every success answer of every route, and documents none as the bare default', async () => {
    const { paths } = await document();
    const undescribed = t.app.routeTable
      .filter((route) => !isMachinery(route))
      .flatMap(({ method, url }) => {
        const path = url.replace(/:(\w+)/g, '{$1}');
        const responses = paths[path]?.[method.toLowerCase()]?.responses ?? {};
        const successes = Object.entries(responses).filter(([status]) => /^[23]\d\d$/.test(status));
        if (successes.length === 0) return [`${method} ${url}: no success answer`];
        return successes
          .filter(
            ([status, answer]) =>
              !(status === '204' || status === '304') && !Object.values(answer.content ?? {}).some((media) => media.schema),
          )
          .map(([status]) => `${method} ${url} ${status}`);
      });
    expect(undescribed).toEqual([]);
  });

  it('documents that a submission answers 201 with the application', async () => {
    const { paths } = await document();
    const schema = paths['/api/applications']?.post?.responses?.['201']?.content?.['application/json']?.schema as { required?: string[] };
    expect(schema.required?.sort()).toEqual(['car', 'deal', 'history', 'id', 'notice', 'offers', 'regBDueAt', 'status', 'submittedAt']);
    expect(paths['/api/applications']?.post?.responses).not.toHaveProperty('200');
  });

  it('documents the status a route really answers: 201 for a car or a note added, 200 or 204 for a car archived or deleted', async () => {
    const { paths } = await document();
    const successes = (path: string, method: string) =>
      Object.keys(paths[path]?.[method]?.responses ?? {}).filter((status) => /^2\d\d$/.test(status));
    expect(successes('/api/inventory', 'post')).toEqual(['201']);
    expect(successes('/api/applications/{id}/notes', 'post')).toEqual(['201']);
    expect(successes('/api/inventory/{uuid}', 'delete').sort()).toEqual(['200', '204']);
  });

  it('holds an answer to the document: a status it does not list, or a body its schema does not describe, is a problem', async () => {
    const problemWith = answerChecker((await t.app.inject('/api/openapi.json')).json<Parameters<typeof answerChecker>[0]>());
    expect(problemWith('POST', '/api/inventory', 200, 'application/json', '{}')).toMatch(/answered 200, which its document does not list/);
    expect(problemWith('POST', '/api/inventory', 201, 'application/json', '{"uuid":"a"}')).toMatch(/a body its document does not describe/);
    expect(problemWith('GET', '/api/chat/7', 200, 'application/json', '{"url":null,"via":null}')).toBeNull();
    expect(problemWith('GET', '/api/chat/7', 200, 'application/json', '{"url":null,"via":"email"}')).toMatch(/does not describe/);
  });
});
