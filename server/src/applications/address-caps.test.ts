import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../../domain/contracts/errors.ts';
import { useTestApp } from '../../test/app.ts';
import { licencePhoto, solidImage } from '../../test/applications.ts';
import { DATABASE_KINDS } from '../../test/database.ts';
import { cookieHeader, tmaHeaders } from '../../test/identity.ts';

/*
 * A browser that drops its cookie is a new guest on every request, so the caps that count per
 * owner alone are no cap for it. These are the caps per client address (documentation addresses,
 * RFC 5737), for anonymous visitors and web guests.
 */

const guestCount = async (t: ReturnType<typeof useTestApp>) =>
  Number(
    (
      await t.db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll().as('n'))
        .where('kind', '=', 'guest')
        .executeTakeFirstOrThrow()
    ).n,
  );

describe.each(DATABASE_KINDS)('licence photos per client address on %s', (kind) => {
  const t = useTestApp(kind, { env: { LICENCE_PHOTO_MAX_PER_ADDRESS: '3' } });
  let jpeg: Buffer;

  beforeAll(async () => {
    jpeg = await solidImage(320, 200).jpeg().toBuffer();
  });

  const upload = (remoteAddress: string, headers: Record<string, string> = {}) => {
    const body = licencePhoto(jpeg);
    return t.app.inject({
      method: 'POST',
      url: '/api/applications/documents',
      payload: body.payload,
      headers: { ...body.headers, ...headers },
      remoteAddress,
    });
  };

  it('stops cookieless uploads from one address at the cap, with a clear message, before creating a guest', async () => {
    for (let i = 0; i < 3; i++) expect((await upload('203.0.113.21')).statusCode).toBe(201);
    const guests = await guestCount(t);
    const refused = await upload('203.0.113.21');
    expect(refused.statusCode, refused.body).toBe(429);
    const { error } = refused.json<ErrorBody>();
    expect(error.code).toBe('rate_limited');
    expect(error.message).toMatch(
      /Too many licence photos have been uploaded from your network today \(3\).*Submit your application with the photos you already uploaded, try again in about 24 hours, or open the application in Telegram/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(86_000);
    expect(await guestCount(t)).toBe(guests);
  });

  it('does not count another address against it', async () => {
    for (let i = 0; i < 3; i++) await upload('203.0.113.22');
    expect((await upload('203.0.113.22')).statusCode).toBe(429);
    expect((await upload('198.51.100.22')).statusCode).toBe(201);
  });

  it('holds for a guest who keeps its cookie, too', async () => {
    const first = await upload('203.0.113.23');
    const cookie = cookieHeader(first);
    for (let i = 0; i < 2; i++) expect((await upload('203.0.113.23', { cookie })).statusCode).toBe(201);
    expect((await upload('203.0.113.23', { cookie })).statusCode).toBe(429);
  });

  it('leaves Telegram users behind the same address to their own cap', async () => {
    for (let i = 0; i < 3; i++) await upload('203.0.113.24');
    expect((await upload('203.0.113.24')).statusCode).toBe(429);
    expect((await upload('203.0.113.24', tmaHeaders({ id: 4501 }))).statusCode).toBe(201);
  });
});

describe.each(DATABASE_KINDS)('application drafts per client address on %s', (kind) => {
  const t = useTestApp(kind, { env: { DRAFT_MAX_PER_ADDRESS: '2' } });

  const save = (remoteAddress: string, headers: Record<string, string> = {}, firstName = 'Wendy') =>
    t.app.inject({ method: 'PUT', url: '/api/applications/draft', payload: { personal: { firstName } }, headers, remoteAddress });

  it('stops cookieless draft saves from one address at the cap, with a clear message, before creating a guest', async () => {
    for (let i = 0; i < 2; i++) expect((await save('203.0.113.31')).statusCode).toBe(200);
    const guests = await guestCount(t);
    const refused = await save('203.0.113.31');
    expect(refused.statusCode, refused.body).toBe(429);
    const { error } = refused.json<ErrorBody>();
    expect(error.code).toBe('rate_limited');
    expect(error.message).toMatch(
      /Too many applications have been started from your network today \(2\).*Try again in about 24 hours, or open the application in Telegram/,
    );
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(86_000);
    expect(await guestCount(t)).toBe(guests);
  });

  it('keeps saving the drafts already started behind a capped address', async () => {
    const first = await save('203.0.113.32');
    await save('203.0.113.32');
    expect((await save('203.0.113.32')).statusCode).toBe(429);
    const again = await save('203.0.113.32', { cookie: cookieHeader(first) }, 'Wanda');
    expect(again.statusCode, again.body).toBe(200);
  });

  it('does not count another address, or a Telegram user behind the same one, against it', async () => {
    for (let i = 0; i < 2; i++) await save('203.0.113.33');
    expect((await save('203.0.113.33')).statusCode).toBe(429);
    expect((await save('198.51.100.33')).statusCode).toBe(200);
    expect((await save('203.0.113.33', tmaHeaders({ id: 4601 }))).statusCode).toBe(200);
  });

  it('lets no two new drafts at once take the last place', async () => {
    const answers = await Promise.all(Array.from({ length: 6 }, () => save('203.0.113.34')));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 200, 429, 429, 429, 429]);
  });
});
