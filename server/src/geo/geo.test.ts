import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { HTTP_ONLY_KINDS } from '../../test/database.ts';
import { countryFromLookupAnswer, normalizeCountry } from './country.ts';

/** A stand-in for an IP lookup service on 127.0.0.1: its behaviour is chosen by path. */
function startFakeLookup(): Promise<{ server: Server; origin: string; requests: IncomingMessage[] }> {
  const requests: IncomingMessage[] = [];
  const server = createServer((req, res) => {
    requests.push(req);
    const path = req.url ?? '';
    // Never answers: only the app's own timeout ends the lookup.
    if (path.startsWith('/slow/')) return;
    if (path.startsWith('/broken/')) {
      res.writeHead(500).end('oops');
      return;
    }
    if (path.startsWith('/garbage/')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end('{not json');
      return;
    }
    if (path.startsWith('/ipapi/')) {
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ ip: '1.2.3.4', country_code: 'ua' }));
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ status: 'success', countryCode: 'UA' }));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests }),
    ),
  );
}

const lookup = await startFakeLookup();
afterAll(
  () =>
    new Promise<void>((resolve) => {
      lookup.server.close(() => resolve());
      lookup.server.closeAllConnections();
    }),
);

describe('country parsing', () => {
  it.each([
    ['ua', 'UA'],
    [' US ', 'US'],
    ['XX', null],
    ['USA', null],
    ['', null],
    [42, null],
    [undefined, null],
  ])('normalizes %j to %j', (input, expected) => {
    expect(normalizeCountry(input)).toBe(expected);
  });

  it('reads the usual field names of lookup services', () => {
    expect(countryFromLookupAnswer({ countryCode: 'UA' })).toBe('UA');
    expect(countryFromLookupAnswer({ country_code: 'es' })).toBe('ES');
    expect(countryFromLookupAnswer({ country: 'RU' })).toBe('RU');
    expect(countryFromLookupAnswer({ country: 'Ukraine' })).toBeNull();
    expect(countryFromLookupAnswer(null)).toBeNull();
    expect(countryFromLookupAnswer('UA')).toBeNull();
  });
});

describe.each(HTTP_ONLY_KINDS)('GET /api/geo on %s', (kind) => {
  describe('with nothing configured', () => {
    const t = useTestApp(kind);
    it('answers null, even when a country header is sent', async () => {
      const res = await t.app.inject({ url: '/api/geo', headers: { 'cf-ipcountry': 'UA' } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ countryCode: null });
    });
  });

  describe('with a trusted proxy header', () => {
    const t = useTestApp(kind, { env: { GEO_COUNTRY_HEADER: 'CF-IPCountry' } });
    it('answers the header country', async () => {
      const res = await t.app.inject({ url: '/api/geo', headers: { 'cf-ipcountry': 'ua' } });
      expect(res.json()).toEqual({ countryCode: 'UA' });
    });
    it('answers null for a missing or unknown country', async () => {
      expect((await t.app.inject('/api/geo')).json()).toEqual({ countryCode: null });
      expect((await t.app.inject({ url: '/api/geo', headers: { 'cf-ipcountry': 'XX' } })).json()).toEqual({ countryCode: null });
      expect((await t.app.inject({ url: '/api/geo', headers: { 'cf-ipcountry': '<script>' } })).json()).toEqual({ countryCode: null });
    });
  });

  describe('with a lookup service', () => {
    const t = useTestApp(kind, { env: { GEO_LOOKUP_URL: `${lookup.origin}/json/{ip}` } });
    it('asks the service about the client address and answers its country', async () => {
      const before = lookup.requests.length;
      const res = await t.app.inject({ url: '/api/geo', remoteAddress: '203.0.113.9' });
      expect(res.json()).toEqual({ countryCode: 'UA' });
      expect(lookup.requests.slice(before).map((req) => req.url)).toEqual(['/json/203.0.113.9']);
    });
  });

  describe('with a lookup service using another field name', () => {
    const t = useTestApp(kind, { env: { GEO_LOOKUP_URL: `${lookup.origin}/ipapi/{ip}` } });
    it('understands country_code', async () => {
      expect((await t.app.inject('/api/geo')).json()).toEqual({ countryCode: 'UA' });
    });
  });

  describe('with a header and a lookup service', () => {
    const t = useTestApp(kind, { env: { GEO_COUNTRY_HEADER: 'cf-ipcountry', GEO_LOOKUP_URL: `${lookup.origin}/json/{ip}` } });
    it('prefers the header and falls back to the service', async () => {
      expect((await t.app.inject({ url: '/api/geo', headers: { 'cf-ipcountry': 'ES' } })).json()).toEqual({ countryCode: 'ES' });
      expect((await t.app.inject('/api/geo')).json()).toEqual({ countryCode: 'UA' });
    });
  });

  describe('with a slow lookup service', () => {
    const t = useTestApp(kind, { env: { GEO_LOOKUP_URL: `${lookup.origin}/slow/{ip}` } });
    it('gives up after 1.5 s and answers null', async () => {
      const started = Date.now();
      const res = await t.app.inject('/api/geo');
      const elapsed = Date.now() - started;
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ countryCode: null });
      expect(elapsed).toBeGreaterThanOrEqual(1400);
      expect(elapsed).toBeLessThan(2900);
    });
  });

  describe.each(['broken', 'garbage'])('with a %s lookup service', (mode) => {
    const t = useTestApp(kind, { env: { GEO_LOOKUP_URL: `${lookup.origin}/${mode}/{ip}` } });
    it('answers null', async () => {
      const res = await t.app.inject('/api/geo');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ countryCode: null });
    });
  });

  describe('with an unreachable lookup service', () => {
    const t = useTestApp(kind, { env: { GEO_LOOKUP_URL: 'http://127.0.0.1:9/{ip}' } });
    it('answers null', async () => {
      expect((await t.app.inject('/api/geo')).json()).toEqual({ countryCode: null });
    });
  });
});
