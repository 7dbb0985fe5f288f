import type { PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/server';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../../domain/contracts/errors.ts';
import type { PasskeyAdded, PasskeysAnswer } from '../../../domain/contracts/passkeys.ts';
import { useTestApp } from '../../test/app.ts';
import { submitTestApplication, TEST_SSN } from '../../test/applications.ts';
import { DATABASE_KINDS, HTTP_ONLY_KINDS } from '../../test/database.ts';
import { cookieHeader, createAdmin, sessionCookie, tmaHeaders } from '../../test/identity.ts';
import { SoftwareAuthenticator } from '../../test/passkey-authenticator.ts';
import type { UserRow } from '../db/schema.ts';
import { isAdminAccess } from '../http/access.ts';
import { issueSignInLink } from './sign-in-links.service.ts';

const SITE = 'https://cars.example.com';
const APPLICANT = { id: 8501, first_name: 'Mary' };
const tokenOf = (url: string) => new URL(url).hash.replace('#token=', '');

describe.each(DATABASE_KINDS)('passkeys as the staff’s second factor on the web (STAFF_MFA=required) on %s', (kind) => {
  const t = useTestApp(kind, { env: { STAFF_MFA: 'required', PUBLIC_URL: SITE }, seed: { cars: 1 } });
  let applicantId: number;
  let applicationId: number;
  let nextTelegramId = 8600;

  beforeAll(async () => {
    await t.app.inject({ method: 'POST', url: '/api/users/register', headers: tmaHeaders(APPLICANT) });
    applicantId = (await t.db.selectFrom('users').select('id').where('telegram_id', '=', APPLICANT.id).executeTakeFirstOrThrow()).id;
    applicationId = (await submitTestApplication(t.app, APPLICANT, applicantId)).id;
  });

  const newStaff = () => createAdmin(t.db, nextTelegramId++);
  async function signInWithLink(user: UserRow): Promise<string> {
    const token = tokenOf(await issueSignInLink(t.db, t.config.server, user.id));
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/link', payload: { token } });
    expect(res.statusCode, res.body).toBe(200);
    return cookieHeader(res);
  }
  const post = (cookie: string, url: string, payload: object = {}) => t.app.inject({ method: 'POST', url, headers: { cookie }, payload });
  const revealSsn = (headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: `/api/applications/${applicationId}/ssn/reveal`, headers });
  const status = async (cookie: string) =>
    (await t.app.inject({ method: 'GET', url: '/api/auth/passkeys', headers: { cookie } })).json<PasskeysAnswer>();

  async function addPasskey(cookie: string, authenticator: SoftwareAuthenticator, name = 'Office laptop') {
    const options = await post(cookie, '/api/auth/passkeys/registration-options');
    expect(options.statusCode, options.body).toBe(200);
    return post(cookie, '/api/auth/passkeys', {
      name,
      response: authenticator.register(options.json<PublicKeyCredentialCreationOptionsJSON>()),
    });
  }
  async function confirm(cookie: string, authenticator: SoftwareAuthenticator, origin?: string) {
    const options = await post(cookie, '/api/auth/passkeys/authentication-options');
    expect(options.statusCode, options.body).toBe(200);
    return post(cookie, '/api/auth/passkeys/authentication', {
      response: authenticator.assert(options.json<PublicKeyCredentialRequestOptionsJSON>(), { origin }),
    });
  }
  /** A staff member with one passkey, and a browser that signed in again since adding it. */
  async function staffWithPasskey() {
    const user = await newStaff();
    const authenticator = new SoftwareAuthenticator(SITE);
    expect((await addPasskey(await signInWithLink(user), authenticator)).statusCode).toBe(201);
    return { user, authenticator, cookie: await signInWithLink(user) };
  }

  it('answers 403 mfa_required from every personal-data route to a web session without the passkey step', async () => {
    const cookie = await signInWithLink(await newStaff());
    const guarded = t.app.routeTable.filter(({ access }) => isAdminAccess(access) && access.factor === 'passkey');
    expect(guarded.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining([
        'GET /api/applications/user/:userId',
        'POST /api/applications/:id/ssn/reveal',
        'GET /api/applications/:id/documents/:side',
        'GET /api/applications/:id/pdf',
        'PATCH /api/applications/applicant',
        'PATCH /api/applications/:id/status',
        'POST /api/applications/:id/review',
        'GET /api/applications/:id/history',
        'POST /api/users/admin',
        'DELETE /api/auth/passkeys/:id',
      ]),
    );
    const params: Record<string, string> = { userId: String(applicantId), id: String(applicationId), side: 'front' };
    const wrong: string[] = [];
    for (const route of guarded) {
      const res = await t.app.inject({
        method: route.method as 'GET',
        url: route.url.replace(/:(\w+)/g, (_m, name: string) => params[name] ?? '1'),
        headers: { cookie },
        ...(route.method === 'GET' || route.method === 'DELETE'
          ? {}
          : { payload: { status: 'approved', applicationId, firstName: 'Ann' } }),
      });
      const code = res.statusCode === 403 ? res.json<ErrorBody>().error.code : undefined;
      if (code !== 'mfa_required') wrong.push(`${route.method} ${route.url}: ${res.statusCode} ${res.body.slice(0, 120)}`);
    }
    expect(wrong).toEqual([]);
  });

  it('still shows that session the lists that hold no personal data', async () => {
    const cookie = await signInWithLink(await newStaff());
    for (const url of ['/api/users', '/api/metrics', '/api/faqs', '/api/audit', `/api/chat/${applicantId}`, '/api/auth/passkeys']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { cookie } });
      expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
    }
  });

  it('does not ask staff in Telegram for a passkey: the signed init data is the factor there', async () => {
    const user = await newStaff();
    const res = await revealSsn(tmaHeaders({ id: user.telegram_id! }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ ssn: string }>().ssn).toContain(TEST_SSN.slice(-4));
  });

  it('lets a staff member add a first passkey right after a link sign-in, which unlocks personal data in that session', async () => {
    const cookie = await signInWithLink(await newStaff());
    expect((await status(cookie)).firstPasskeyUntil).not.toBeNull();
    const res = await addPasskey(cookie, new SoftwareAuthenticator(SITE), 'Office laptop');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<PasskeyAdded>().passkey).toMatchObject({ name: 'Office laptop', lastUsedAt: null });
    expect((await revealSsn({ cookie })).statusCode).toBe(200);
    expect(await status(cookie)).toMatchObject({ sessionVerified: true, firstPasskeyUntil: null, mfaRequired: true });
  });

  it('asks a new session for the passkey, and lets it through to personal data after the check', async () => {
    const { user, authenticator, cookie } = await staffWithPasskey();
    expect((await revealSsn({ cookie })).statusCode).toBe(403);
    const res = await confirm(cookie, authenticator);
    expect(res.statusCode, res.body).toBe(200);
    expect((await revealSsn({ cookie })).statusCode).toBe(200);
    const [passkey] = (await status(cookie)).passkeys;
    expect(passkey?.lastUsedAt).not.toBeNull();
    const events = await t.db
      .selectFrom('audit_events')
      .select('action')
      .where('actor_user_id', '=', user.id)
      .where('action', 'like', 'auth.passkey_%')
      .execute();
    expect(events.map((e) => e.action).sort()).toEqual(['auth.passkey_added', 'auth.passkey_confirmed']);
  });

  it('refuses the first passkey more than 10 minutes after the link sign-in, and says to send /login again', async () => {
    const user = await newStaff();
    const cookie = await signInWithLink(user);
    await t.db
      .updateTable('staff_sessions')
      .set({ created_at: sql`now() - interval '11 minutes'` })
      .where('user_id', '=', user.id)
      .execute();
    expect((await status(cookie)).firstPasskeyUntil).toBeNull();
    const res = await post(cookie, '/api/auth/passkeys/registration-options');
    expect(res.statusCode).toBe(403);
    const { error } = res.json<ErrorBody>();
    expect(error.code).toBe('forbidden');
    expect(error.message).toContain('/login');
  });

  it('refuses the first passkey to a session that did not start with the bot’s one-time link', async () => {
    const user = await newStaff();
    const res = await post(await sessionCookie(t.app, user.id, { method: 'widget' }), '/api/auth/passkeys/registration-options');
    expect(res.statusCode).toBe(403);
  });

  it('adds a second passkey only in a session that confirmed one', async () => {
    const { authenticator, cookie } = await staffWithPasskey();
    const refused = await post(cookie, '/api/auth/passkeys/registration-options');
    expect(refused.json<ErrorBody>().error.code).toBe('mfa_required');
    expect((await confirm(cookie, authenticator)).statusCode).toBe(200);
    expect((await addPasskey(cookie, new SoftwareAuthenticator(SITE), 'Phone')).statusCode).toBe(201);
    expect((await status(cookie)).passkeys.map((p) => p.name)).toEqual(['Office laptop', 'Phone']);
  });

  it('uses each challenge once', async () => {
    const { authenticator, cookie } = await staffWithPasskey();
    const options = await post(cookie, '/api/auth/passkeys/authentication-options');
    const response = authenticator.assert(options.json<PublicKeyCredentialRequestOptionsJSON>());
    expect((await post(cookie, '/api/auth/passkeys/authentication', { response })).statusCode).toBe(200);
    const replay = await post(cookie, '/api/auth/passkeys/authentication', { response });
    expect(replay.statusCode).toBe(409);
  });

  it('keeps a challenge to the session that asked for it', async () => {
    const { user, authenticator, cookie } = await staffWithPasskey();
    const other = await signInWithLink(user);
    const options = await post(cookie, '/api/auth/passkeys/authentication-options');
    const response = authenticator.assert(options.json<PublicKeyCredentialRequestOptionsJSON>());
    expect((await post(other, '/api/auth/passkeys/authentication', { response })).statusCode).toBe(409);
    expect((await revealSsn({ cookie: other })).statusCode).toBe(403);
  });

  it('lets a challenge expire after five minutes', async () => {
    const { user, authenticator, cookie } = await staffWithPasskey();
    const options = await post(cookie, '/api/auth/passkeys/authentication-options');
    await t.db
      .updateTable('staff_sessions')
      .set({ challenge_expires_at: sql`now() - interval '1 second'` })
      .where('user_id', '=', user.id)
      .where('challenge', 'is not', null)
      .execute();
    const res = await post(cookie, '/api/auth/passkeys/authentication', {
      response: authenticator.assert(options.json<PublicKeyCredentialRequestOptionsJSON>()),
    });
    expect(res.statusCode).toBe(409);
  });

  it('refuses a passkey check made on another site', async () => {
    const { authenticator, cookie } = await staffWithPasskey();
    const res = await confirm(cookie, authenticator, 'https://cars.example.com.evil.example');
    expect(res.statusCode).toBe(401);
    expect((await revealSsn({ cookie })).statusCode).toBe(403);
  });

  it('refuses a passkey that belongs to another staff member', async () => {
    const first = await staffWithPasskey();
    const second = await staffWithPasskey();
    const options = await post(second.cookie, '/api/auth/passkeys/authentication-options');
    const foreign = first.authenticator.assert({ ...options.json<PublicKeyCredentialRequestOptionsJSON>(), allowCredentials: [] });
    expect((await post(second.cookie, '/api/auth/passkeys/authentication', { response: foreign })).statusCode).toBe(401);
  });

  it('lists passkeys with their names and dates, and removes one only after the passkey step', async () => {
    const { authenticator, cookie } = await staffWithPasskey();
    const [passkey] = (await status(cookie)).passkeys;
    expect(passkey).toMatchObject({ name: 'Office laptop', lastUsedAt: null });
    expect(Number.isNaN(Date.parse(passkey!.createdAt))).toBe(false);
    const remove = () => t.app.inject({ method: 'DELETE', url: `/api/auth/passkeys/${passkey!.id}`, headers: { cookie } });
    expect((await remove()).json<ErrorBody>().error.code).toBe('mfa_required');
    expect((await confirm(cookie, authenticator)).statusCode).toBe(200);
    expect((await remove()).statusCode).toBe(204);
    expect((await status(cookie)).passkeys).toEqual([]);
    expect((await remove()).statusCode).toBe(404);
  });

  it('removes the passkeys of a staff member whose admin rights are revoked', async () => {
    const { user } = await staffWithPasskey();
    const revoke = await t.app.inject({
      method: 'POST',
      url: '/api/users/admin',
      headers: tmaHeaders({ id: (await newStaff()).telegram_id! }),
      payload: { userId: user.id, isAdmin: false },
    });
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect(await t.db.selectFrom('staff_passkeys').select('id').where('user_id', '=', user.id).execute()).toEqual([]);
  });

  it('answers 400 for a passkey answer of the wrong shape', async () => {
    const cookie = await signInWithLink(await newStaff());
    const res = await post(cookie, '/api/auth/passkeys', {
      name: 'x',
      response: { id: 'not base64url!', rawId: 'a', type: 'public-key', response: {} },
    });
    expect(res.statusCode).toBe(400);
  });

  it('adds passkeys in a browser only: Telegram staff get a 409 that says why', async () => {
    const user = await newStaff();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/passkeys/registration-options',
      headers: tmaHeaders({ id: user.telegram_id! }),
      payload: {},
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<ErrorBody>().error.message).toMatch(/Telegram account/);
  });
});

describe.each(HTTP_ONLY_KINDS)('passkeys without PUBLIC_URL on %s', (kind) => {
  const t = useTestApp(kind);

  it('are for the host the request was addressed to', async () => {
    const user = await createAdmin(t.db, 8700);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/passkeys/registration-options',
      headers: { cookie: await sessionCookie(t.app, user.id), host: 'dealer.localhost:5173' },
      payload: {},
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<PublicKeyCredentialCreationOptionsJSON>().rp.id).toBe('dealer.localhost');
  });
});

describe.each(DATABASE_KINDS)('personal data with STAFF_MFA=off on %s', (kind) => {
  const t = useTestApp(kind, { env: { STAFF_MFA: 'off' }, seed: { cars: 1 } });

  it('opens to a web staff session without a passkey', async () => {
    await t.app.inject({ method: 'POST', url: '/api/users/register', headers: tmaHeaders(APPLICANT) });
    const applicant = await t.db.selectFrom('users').select('id').where('telegram_id', '=', APPLICANT.id).executeTakeFirstOrThrow();
    const application = await submitTestApplication(t.app, APPLICANT, applicant.id);
    const admin = await createAdmin(t.db, 8701);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/applications/${application.id}/ssn/reveal`,
      headers: { cookie: await sessionCookie(t.app, admin.id) },
    });
    expect(res.statusCode).toBe(200);
  });
});
