import { Writable } from 'node:stream';
import { beforeAll, expect } from 'vitest';
import { useTestApp, type TestApp } from './app.ts';
import type { DatabaseKind } from './database.ts';
import { createAdmin, createGuest, sessionCookie, signWidgetLogin, tmaHeaders, type TestTelegramUser } from './identity.ts';
import { fakeWebBuild } from './web-build.ts';

/**
 * The route fuzz (server/src/http/fuzz*.test.ts): sends malformed input to every route the app
 * registers, as every kind of caller, and holds the API to its promise that bad input never yields
 * a 500 (docs/product/api.md#errors). Each sweep is a file of its own, so the sweeps run side by side.
 */

interface Route {
  method: string;
  url: string;
}

const ADMIN: TestTelegramUser = { id: 7001, first_name: 'Ada' };
const CUSTOMER: TestTelegramUser = { id: 7002, first_name: 'Carl' };
const OTHER_BOT_TOKEN = '987654321:another-bots-token-0000000000000';
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Text that no field should take as it is. */
const MALFORMED_TEXT: Record<string, string> = {
  empty: '',
  blank: '   ',
  'a NUL byte': '\u0000',
  'text ending in a NUL': 'Toyota\u0000',
  'control characters': '\u0001\r\n\u001f\u007f\u0085',
  '100 KB of text': 'x'.repeat(100 * 1024),
  'path traversal': '../../etc/passwd',
  'a huge float': '1e308',
  'a huge integer': '99999999999999999999',
  'a negative number': '-1',
  'a fraction': '0.5',
  unicode: 'Škoda 🚗 日本 \u202eevil',
  // Computed, or the literal would set the table's prototype instead of adding an entry.
  ['__proto__']: '__proto__',
  constructor: 'constructor',
  'an SQL quote': "' OR '1'='1' --",
};

/** Percent-escapes that decode to no text at all; only a URL can carry them. */
const BROKEN_ESCAPES: Record<string, string> = {
  'invalid UTF-8': '%FF%FE',
  'a truncated escape': '%E0%A4%A',
};

/** Every malformed value as it travels in a path segment or a query value. */
const MALFORMED_IN_URL: Record<string, string> = {
  ...Object.fromEntries(Object.entries(MALFORMED_TEXT).map(([label, text]) => [label, encodeURIComponent(text)])),
  ...BROKEN_ESCAPES,
};

/** Every malformed value as JSON text, for a body field: strings and every other JSON type. */
const MALFORMED_JSON: Record<string, string> = {
  ...Object.fromEntries(Object.entries(MALFORMED_TEXT).map(([label, text]) => [`${label} (string)`, JSON.stringify(text)])),
  'the number 1e308': '1e308',
  'the number 99999999999999999999': '99999999999999999999',
  'the number -1': '-1',
  'the number 0.5': '0.5',
  true: 'true',
  null: 'null',
  'an empty array': '[]',
  'an array of junk': '[null, {}, "x"]',
  'an empty object': '{}',
  'an object with __proto__': '{"__proto__": {"isAdmin": true}}',
};

/** Whole query strings whose shape, rather than a value, is the problem. */
const QUERY_SHAPES: Record<string, string> = {
  'a repeated parameter': 'page=1&page=2',
  '__proto__[x]': '__proto__[x]=1',
  'constructor[prototype][x]': 'constructor[prototype][x]=1',
  '__proto__ itself': '__proto__=1&constructor=1&prototype=1',
  'array brackets': 'page[]=1&brand[]=x',
  'object brackets': 'page[x]=1&brand[a][b][c]=x',
  'Object.prototype names': 'toString=1&hasOwnProperty=1&valueOf=1',
  'a NUL key': '%00=1&brand%00=x',
  'no key': '=1',
  'empty pairs': '&&&==&=',
  '1000 parameters': Array.from({ length: 1000 }, (_, i) => `p${i}=${i}`).join('&'),
};

/**
 * Parameter names from the calls of docs/product/api.md#api and the app's own routes; each route is asked which
 * of them it reads, so a new route that reads any of them has them fuzzed too.
 */
const PARAMETER_NAMES = [
  ...['page', 'limit', 'sort', 'sortBy', 'sortField', 'sortOrder', 'lang', 'language', 'status'],
  ...['brand', 'model', 'yearMin', 'yearMax', 'priceMin', 'priceMax', 'mileageMin', 'mileageMax', 'condition', 'available', 'color'],
  ...['first_name', 'last_name', 'username', 'email', 'phone', 'photo_url', 'is_admin', 'isAdmin', 'userId', 'user_id', 'telegramId'],
  ...['carUuid', 'car_uuid', 'carId', 'applicationId', 'question', 'answer', 'url'],
  ...['entity', 'entityId', 'action', 'actorUserId', 'token', 'id', 'auth_date', 'hash'],
];
export const MADE_UP_NAME = 'made_up_name';

interface Body {
  contentType?: string;
  text: string;
}

/** Bodies that are wrong as a whole: not an object, not JSON, not the declared type, too big. */
const BODY_SHAPES: Record<string, Body> = {
  'a JSON string': { contentType: 'application/json', text: '"str"' },
  'a JSON number': { contentType: 'application/json', text: '123' },
  'JSON null': { contentType: 'application/json', text: 'null' },
  'a JSON array': { contentType: 'application/json', text: '[]' },
  'JSON true': { contentType: 'application/json', text: 'true' },
  '__proto__ at the top': { contentType: 'application/json', text: '{"__proto__": {"isAdmin": true}}' },
  'constructor.prototype at the top': { contentType: 'application/json', text: '{"constructor": {"prototype": {"isAdmin": true}}}' },
  'JSON nested 5000 deep': { contentType: 'application/json', text: '['.repeat(5000) + ']'.repeat(5000) },
  'an unfinished object': { contentType: 'application/json', text: '{"carUuid": ' },
  'single-quoted JSON': { contentType: 'application/json', text: "{'carUuid': 1}" },
  'a raw NUL byte': { contentType: 'application/json', text: '\u0000' },
  'an empty JSON body': { contentType: 'application/json', text: '' },
  'JSON in UTF-16': { contentType: 'application/json; charset=utf-16', text: '\ufeff{}' },
  '2 MB of JSON': { contentType: 'application/json', text: `{"x": "${'a'.repeat(2 * 1024 * 1024)}"}` },
  'plain text': { contentType: 'text/plain', text: 'hello' },
  'a form': { contentType: 'application/x-www-form-urlencoded', text: 'carUuid=x&__proto__[isAdmin]=true' },
  'multipart junk': { contentType: 'multipart/form-data; boundary=XyZ', text: '--XyZ\r\nContent-Disposition: junk\r\n\r\n\u0000\r\n--XyZ' },
  'multipart without a boundary': { contentType: 'multipart/form-data', text: 'junk' },
  'an unparseable content type': { contentType: ';;;=/', text: '{}' },
  'a body without a content type': { text: '{"carUuid": "x"}' },
};

/** Headers that are malformed whoever sends them; each replaces the caller's header of that name. */
const HEADER_SETS: Record<string, Record<string, string>> = {
  'garbage authorization': { authorization: 'garbage' },
  'a bare tma scheme': { authorization: 'tma' },
  'tma with garbage': { authorization: 'tma garbage%%%&&&==' },
  'tma with an encoded NUL': { authorization: 'tma user=%00&auth_date=%00&hash=%00' },
  'tma with a raw NUL': { authorization: 'tma \u0000' },
  'tma with 100 KB': { authorization: `tma ${'a'.repeat(100 * 1024)}` },
  'tma with a hash that is not hex': { authorization: `tma auth_date=1&user=%7B%7D&hash=${'z'.repeat(64)}` },
  'a Bearer token': { authorization: 'Bearer x.y.z' },
  'a junk session cookie': { cookie: 'session=garbage' },
  'a junk guest cookie': { cookie: 'guest=s1.1.1.sig' },
  'a cookie with a broken escape': { cookie: 'session=%E0%A4%A; guest=%FF' },
  'a cookie with a NUL': { cookie: 'session=%00; guest=\u0000' },
  'a 10 KB cookie': { cookie: `session=${'a'.repeat(10 * 1024)}` },
  'cookie punctuation': { cookie: '===;;;, ; =' },
  'prototype cookie names': { cookie: '__proto__=1; constructor=1; toString=1' },
  'a non-numeric x-telegram-id': { 'x-telegram-id': 'abc' },
  'an empty x-telegram-id': { 'x-telegram-id': '' },
  'a huge x-telegram-id': { 'x-telegram-id': '99999999999999999999' },
  'a float x-telegram-id': { 'x-telegram-id': '1e308' },
  'an x-telegram-id with a NUL': { 'x-telegram-id': '7001\u0000' },
  'weird accept-language': { 'accept-language': '*;q=abc, ,,;;; zz-ZZ;q=1.5' },
  'a 10 KB accept-language': { 'accept-language': 'x-'.repeat(5 * 1024) },
  'origin null': { origin: 'null' },
  'an unparseable origin': { origin: 'http://[' },
  'a javascript: origin': { origin: 'javascript:alert(1)' },
  'another site as origin': { origin: 'https://evil.example' },
  'junk x-forwarded-for': { 'x-forwarded-for': 'garbage, ::1, %00' },
};

interface Caller {
  name: string;
  headers: Record<string, string>;
}

interface Probe {
  /** What is malformed, in words. */
  input: string;
  url: string;
  headers?: Record<string, string>;
  body?: Body;
}

interface Failure {
  route: string;
  input: string;
  callers: string[];
  outcome: string;
}

/** Path parameters, and the wildcard of static file routes. */
const PATH_PARAMETER = /:(\w+)|\*/g;
const parameterName = (match: RegExpMatchArray) => match[1] ?? '*';

const jsonObject = (fields: Record<string, string>) =>
  `{${Object.entries(fields)
    .map(([name, json]) => `${JSON.stringify(name)}: ${json}`)
    .join(', ')}}`;

const clip = (text: string, max = 240) => (text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text);

/**
 * One line per route, outcome and set of callers, listing every input that got it: a defect shows
 * once, however many inputs and callers run into it.
 */
function report(failures: Failure[], everyone: number): string[] {
  const callersOf = new Map<string, { failure: Failure; callers: string[] }>();
  for (const failure of failures) {
    const key = [failure.route, failure.input, failure.outcome].join('\n');
    const callers = [...(callersOf.get(key)?.callers ?? []), ...failure.callers];
    callersOf.set(key, { failure, callers });
  }
  const inputsOf = new Map<string, string[]>();
  for (const { failure, callers } of callersOf.values()) {
    const key = `${failure.route} → ${failure.outcome} as ${callers.length === everyone ? 'every caller' : callers.join(', ')}, with`;
    inputsOf.set(key, [...(inputsOf.get(key) ?? []), failure.input]);
  }
  return [...inputsOf].map(([key, inputs]) => `${key} ${inputs.join('; ')}`);
}

/** Each sweep makes thousands of requests; on a busy two-core machine one takes over a minute. */
export const SWEEP_TIMEOUT_MS = 180_000;

/**
 * The app every sweep probes (seeded, STAFF_MFA as in production so web sessions with and without
 * the passkey step are both probed), its routes and callers, and the sweeps themselves.
 */
export function useRouteFuzz(kind: DatabaseKind) {
  /** The error behind the latest failed request, read from the app's own error log: a 500 body says nothing on purpose. */
  const errorLog = { last: undefined as string | undefined };
  const errorLogStream = new Writable({
    write(chunk, _encoding, done) {
      const line = JSON.parse(String(chunk)) as { msg?: string; err?: { type?: string; message?: string } };
      if (line.msg === 'request failed') errorLog.last = `${line.err?.type}: ${line.err?.message}`;
      done();
    },
  });
  const t: TestApp = useTestApp(kind, {
    // The Google feed is refused (503) without a store code by design (feeds/feeds.service.ts); with one, it is fuzzed like any route.
    env: { STAFF_MFA: 'required', DEALER_STORE_CODE: 'FUZZ-01' },
    seed: { cars: 24 },
    webDist: fakeWebBuild(),
    logger: { level: 'error', stream: errorLogStream },
  });
  let routes: Route[];
  let callers: Caller[];
  let admin: Caller;
  /** Staff sessions, opened afresh for each route: a probe of Sign out (everywhere) ends them. */
  let renewSessions: () => Promise<void>;
  /** Values that pass validation, so that the fuzzed one is the only thing wrong. */
  let plausible: Record<string, string>;

  beforeAll(async () => {
    // @fastify/cors adds an OPTIONS catch-all for preflights; it reads nothing.
    routes = t.app.routeTable.filter(({ method }) => method !== 'OPTIONS').map(({ method, url }) => ({ method, url }));
    const car = await t.db.selectFrom('cars').select(['uuid', 'brand']).orderBy('uuid').executeTakeFirstOrThrow();
    plausible = {
      uuid: car.uuid,
      carUuid: car.uuid,
      car_uuid: car.uuid,
      brand: car.brand,
      style: 'sedan',
      scene: 'studio',
      channel: 'meta',
      '*': 'assets/app-abc123.js',
    };
    const adminUser = await createAdmin(t.db, ADMIN.id);
    const guest = await createGuest(t.app, car.uuid);
    admin = { name: 'admin (Telegram)', headers: tmaHeaders(ADMIN) };
    const uncheckedSession: Caller = { name: 'admin (session, no passkey check yet)', headers: {} };
    const checkedSession: Caller = { name: 'admin (session, passkey checked)', headers: {} };
    callers = [
      { name: 'anonymous', headers: {} },
      { name: 'web guest', headers: { cookie: guest.cookie } },
      { name: 'Telegram user', headers: tmaHeaders(CUSTOMER) },
      admin,
      uncheckedSession,
      checkedSession,
      { name: 'init data signed by another bot', headers: tmaHeaders(CUSTOMER, { token: OTHER_BOT_TOKEN }) },
      {
        name: 'Telegram user with NULs in the signed profile',
        headers: tmaHeaders({ id: 7003, first_name: 'x\u0000', last_name: 'x\u0000', username: 'x\u0000', photo_url: 'x\u0000' }),
      },
    ];
    renewSessions = async () => {
      uncheckedSession.headers = { cookie: await sessionCookie(t.app, adminUser.id) };
      checkedSession.headers = { cookie: await sessionCookie(t.app, adminUser.id, { passkeyVerified: true }) };
    };
    await renewSessions();
  });

  const pathOf = (route: Route, params: Record<string, string> = {}) =>
    route.url.replace(PATH_PARAMETER, (...match) => {
      const name = parameterName(match);
      return params[name] ?? encodeURIComponent(plausible[name] ?? '1');
    });

  /** Injects a probe; answers the response and the error behind it, if there was one. */
  async function send(route: Route, probe: Probe, headers: Record<string, string>) {
    errorLog.last = undefined;
    const body = BODY_METHODS.has(route.method) ? (probe.body ?? { contentType: 'application/json', text: '{}' }) : undefined;
    const response = await t.app.inject({
      method: route.method,
      url: probe.url,
      headers: { ...(body?.contentType ? { 'content-type': body.contentType } : {}), ...headers },
      ...(body ? { payload: body.text } : {}),
    });
    return { response, lastError: errorLog.last };
  }

  /** Sends every probe as every caller; answers the 5xx answers. */
  async function fuzz(route: Route, probes: Probe[]): Promise<Failure[]> {
    const failures: Failure[] = [];
    await renewSessions();
    for (const probe of probes) {
      // A probe's header may replace a caller's identity; callers it makes alike send one request.
      const alike = new Map<string, { headers: Record<string, string>; callers: string[] }>();
      for (const caller of callers) {
        const headers = { ...caller.headers, ...probe.headers };
        const key = JSON.stringify(headers);
        alike.set(key, { headers, callers: [...(alike.get(key)?.callers ?? []), caller.name] });
      }
      for (const { headers, callers: names } of alike.values()) {
        const { response, lastError } = await send(route, probe, headers);
        if (response.statusCode < 500) continue;
        failures.push({
          route: `${route.method} ${route.url}`,
          input: probe.input,
          callers: names,
          outcome: `${response.statusCode} ${clip(response.body)}${lastError ? ` (thrown: ${clip(lastError)})` : ''}`,
        });
      }
    }
    return failures;
  }

  /** Which of the names a 400 answer's `fields` blames, if the answer is a 400. */
  async function namesBlamed(route: Route, probe: Probe, names: string[]): Promise<Set<string>> {
    const { response } = await send(route, probe, admin.headers);
    if (response.statusCode !== 400) return new Set();
    const fields = Object.keys(response.json<{ error: { fields?: Record<string, string> } }>().error.fields ?? {});
    return new Set(names.filter((name) => fields.some((field) => field === name || field.startsWith(`${name}.`))));
  }

  /**
   * Which parameters a route reads from its query or its body: a value no schema takes (an array)
   * under every name gets a 400 whose `fields` names each parameter the route validates. A query
   * name blamed even without a query is the body's; a route that blames a made-up name too takes
   * any name, all under one schema, so that name alone stands for them.
   */
  async function parametersRead(route: Route, where: 'query' | 'body'): Promise<string[]> {
    const names = [...PARAMETER_NAMES, MADE_UP_NAME];
    const path = pathOf(route);
    let read: string[];
    if (where === 'query') {
      const blamed = await namesBlamed(
        route,
        { input: 'every name twice', url: `${path}?${names.map((n) => `${n}=1&${n}=2`).join('&')}` },
        names,
      );
      const blamedAnyway = await namesBlamed(route, { input: 'no query', url: path }, names);
      read = names.filter((name) => blamed.has(name) && !blamedAnyway.has(name));
    } else {
      const text = JSON.stringify(Object.fromEntries(names.map((n) => [n, [[]]])));
      read = [
        ...(await namesBlamed(
          route,
          { input: 'an array under every name', url: path, body: { contentType: 'application/json', text } },
          names,
        )),
      ];
    }
    return read.includes(MADE_UP_NAME) ? [MADE_UP_NAME] : read;
  }

  /** Sends each route's probes as every caller; fails listing every 5xx, grouped by cause. */
  async function expectNo5xx(targets: Route[], probesOf: (route: Route) => Probe[] | Promise<Probe[]>) {
    const failures: Failure[] = [];
    for (const route of targets) failures.push(...(await fuzz(route, await probesOf(route))));
    expect(report(failures, callers.length)).toEqual([]);
  }

  return {
    get routes() {
      return routes;
    },
    parametersRead,
    /** Malformed path parameters, from any caller. */
    async sweepPaths() {
      await expectNo5xx(routes, (route) =>
        [...route.url.matchAll(PATH_PARAMETER)].map(parameterName).flatMap((name) => [
          ...Object.entries(MALFORMED_IN_URL).map(([label, value]) => ({
            input: `:${name} = ${label}`,
            url: pathOf(route, { [name]: value }),
          })),
          { input: `:${name} = an unencoded path traversal`, url: pathOf(route, { [name]: '../../../etc/passwd' }) },
        ]),
      );
    },
    /** Malformed query strings, from any caller. */
    async sweepQueries() {
      await expectNo5xx(routes, async (route) => {
        const path = pathOf(route);
        const names = await parametersRead(route, 'query');
        return [
          ...Object.entries(QUERY_SHAPES).map(([input, query]) => ({ input, url: `${path}?${query}` })),
          ...names.flatMap((name) =>
            Object.entries(MALFORMED_IN_URL).map(([label, value]) => ({ input: `?${name} = ${label}`, url: `${path}?${name}=${value}` })),
          ),
        ];
      });
    },
    /** Malformed bodies, from any caller. */
    async sweepBodies() {
      const widgetLoginWithNul = signWidgetLogin({ id: ADMIN.id, first_name: 'Ada\u0000' });
      await expectNo5xx(
        routes.filter((r) => BODY_METHODS.has(r.method)),
        async (route) => {
          const url = pathOf(route);
          const names = await parametersRead(route, 'body');
          const valid = Object.fromEntries(
            names.filter((name) => name in plausible).map((name) => [name, JSON.stringify(plausible[name])]),
          );
          return [
            ...Object.entries(BODY_SHAPES).map(([input, body]) => ({ input, url, body })),
            {
              input: 'signed Telegram login data with a NUL',
              url,
              body: { contentType: 'application/json', text: JSON.stringify(widgetLoginWithNul) },
            },
            ...names.flatMap((name) =>
              Object.entries(MALFORMED_JSON).map(([label, value]) => ({
                input: `{${name}: ${label}}`,
                url,
                body: { contentType: 'application/json', text: jsonObject({ ...valid, [name]: value }) },
              })),
            ),
          ];
        },
      );
    },
    /** Malformed headers, from any caller. */
    async sweepHeaders() {
      await expectNo5xx(routes, (route) => Object.entries(HEADER_SETS).map(([input, headers]) => ({ input, url: pathOf(route), headers })));
    },
    /** Signed init data whose profile holds a NUL byte gets a 4xx, not a 500. */
    async sweepNulProfiles() {
      const wrong: string[] = [];
      for (const field of ['first_name', 'last_name', 'username', 'photo_url'] as const) {
        const headers = tmaHeaders({ id: 7020, [field]: 'x\u0000y' });
        for (const [method, url] of [
          ['GET', '/api/me'],
          ['POST', '/api/users/register'],
        ] as const) {
          const response = await t.app.inject({ method, url, headers });
          if (response.statusCode < 400 || response.statusCode >= 500)
            wrong.push(`${field}: ${method} ${url} → ${response.statusCode} ${clip(response.body)}`);
        }
      }
      expect(wrong).toEqual([]);
    },
    /** The health check and the car list answer 200. */
    async expectHealthy() {
      expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
      const cars = await t.app.inject({ method: 'GET', url: '/api/cars' });
      expect(cars.statusCode).toBe(200);
      expect(cars.json<{ items: unknown[] }>().items.length).toBeGreaterThan(0);
    },
  };
}
