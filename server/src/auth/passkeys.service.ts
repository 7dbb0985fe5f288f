import { createHmac, randomBytes } from 'node:crypto';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import type * as v from 'valibot';
import type { PasskeyAdded, PasskeysAnswer } from '../../../domain/contracts/passkeys.ts';
import type { passkeyAuthenticationSchema, passkeyRegistrationSchema } from '../../../domain/passkey.schema.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { ConfigSlice } from '../config.ts';
import type { Db } from '../db/database.ts';
import { HttpError, notFound } from '../http/errors.ts';
import type { Viewer, ViewerSession } from '../http/viewer.ts';
import { findUserById } from '../users/users.repository.ts';
import { deletePasskey, findPasskey, insertPasskey, listPasskeys, recordPasskeyUse, toPasskeyItem } from './passkeys.repository.ts';
import { SIGN_IN_LINK_TTL_MINUTES } from './sign-in-links.service.ts';
import { markSessionVerified, setChallenge, takeChallenge, type SignInMethod } from './staff-sessions.repository.ts';

/**
 * Passkeys (WebAuthn) as the staff's second factor on the plain web
 * (docs/decisions/010-staff-sessions-and-passkeys.md). Every ceremony belongs to one staff
 * session: its challenge is stored on the session row, used once and only within a few minutes.
 */

/** The first passkey may be added this soon after signing in with the bot's one-time link: the Telegram account vouches for it. */
export const FIRST_PASSKEY_WINDOW_MINUTES = SIGN_IN_LINK_TTL_MINUTES;
/** Sign-ins that prove the Telegram account afresh. The development sign-in exists with NODE_ENV=development only. */
const FIRST_PASSKEY_METHODS: readonly SignInMethod[] = ['link', 'dev'];
const CHALLENGE_TTL_SECONDS = 5 * 60;
/** How long the browser waits for the person to touch their authenticator. */
const CEREMONY_TIMEOUT_MS = 2 * 60 * 1000;

/** Who the passkeys are for: the site's host name (RP id) and the origin pages are served from. */
export interface RelyingParty {
  id: string;
  origin: string;
  name: string;
}

/**
 * PUBLIC_URL when set, as for the origin check: the Host header is the client's to choose. Without
 * it (development, a local production run), the scheme and host the request was addressed to.
 */
export function relyingPartyFor(config: Pick<PasskeySettings, 'server' | 'company'>, requestOrigin: string): RelyingParty {
  const origin = config.server.publicUrl ? new URL(config.server.publicUrl).origin : requestOrigin;
  return { id: new URL(origin).hostname, origin, name: config.company.name };
}

/** Who the relying party is, the key of user handles, and whether STAFF_MFA asks for a passkey. */
export type PasskeySettings = ConfigSlice<{ server: 'publicUrl'; company: 'name'; security: 'sessionSecret' | 'staffMfa' }>;

export interface PasskeyDeps {
  db: Db;
  config: PasskeySettings;
}

type RegistrationBody = v.InferOutput<typeof passkeyRegistrationSchema>;
type AuthenticationBody = v.InferOutput<typeof passkeyAuthenticationSchema>;

function webSession(viewer: Viewer): ViewerSession {
  if (viewer.via !== 'session' || !viewer.session) {
    throw new HttpError(
      'conflict',
      'Passkeys are added and used in a browser signed in to the dashboard. Inside Telegram, your Telegram account confirms it is you.',
    );
  }
  return viewer.session;
}

function firstPasskeyUntil(session: ViewerSession | undefined, now = Date.now()): Date | null {
  if (!session || !FIRST_PASSKEY_METHODS.includes(session.method)) return null;
  const until = new Date(session.createdAt.getTime() + FIRST_PASSKEY_WINDOW_MINUTES * 60_000);
  return until.getTime() > now ? until : null;
}

/** A stable, opaque WebAuthn user handle, so a second passkey on one device replaces nobody else's. */
const userHandle = (config: PasskeySettings, userId: number) =>
  new Uint8Array(createHmac('sha256', config.security.sessionSecret).update(`staff-passkey-user:${userId}`).digest());

export async function passkeyStatus({ db, config }: PasskeyDeps, viewer: Viewer): Promise<PasskeysAnswer> {
  const passkeys = await listPasskeys(db, viewer.userId);
  const until = passkeys.length === 0 ? firstPasskeyUntil(viewer.session) : null;
  return {
    passkeys: passkeys.map(toPasskeyItem),
    sessionVerified: viewer.session?.passkeyVerified ?? false,
    firstPasskeyUntil: until?.toISOString() ?? null,
    mfaRequired: config.security.staffMfa === 'required',
  };
}

/**
 * Adding a passkey needs a session that confirmed one already, or, for the first passkey, a
 * sign-in with the bot's link less than 10 minutes ago. Whatever STAFF_MFA says: a passkey added
 * while it is off must not become a way past it once it is on.
 */
async function mayAddPasskey(db: Db, viewer: Viewer): Promise<ViewerSession> {
  const session = webSession(viewer);
  if (session.passkeyVerified) return session;
  const existing = await listPasskeys(db, viewer.userId);
  if (existing.length > 0) throw new HttpError('mfa_required', "Confirm it's you with one of your passkeys before adding another.");
  if (!firstPasskeyUntil(session)) {
    throw new HttpError(
      'forbidden',
      `Your first passkey can be added within ${FIRST_PASSKEY_WINDOW_MINUTES} minutes of signing in with a link from the bot. Send /login to the bot again, open the new link, then add your passkey.`,
    );
  }
  return session;
}

export async function registrationOptions(
  { db, config }: PasskeyDeps,
  viewer: Viewer,
  rp: RelyingParty,
): Promise<PublicKeyCredentialCreationOptionsJSON> {
  const session = await mayAddPasskey(db, viewer);
  const user = await findUserById(db, viewer.userId);
  if (!user) throw notFound('No such user.');
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userID: userHandle(config, user.id),
    userName: user.username ?? `staff-${user.id}`,
    userDisplayName: name || `Staff ${user.id}`,
    challenge: new Uint8Array(randomBytes(32)),
    timeout: CEREMONY_TIMEOUT_MS,
    attestationType: 'none',
    excludeCredentials: (await listPasskeys(db, user.id)).map((p) => ({ id: p.credential_id, transports: p.transports })),
    authenticatorSelection: { residentKey: 'preferred', userVerification: 'required' },
  });
  await setChallenge(db, session.idHash, 'registration', options.challenge, CHALLENGE_TTL_SECONDS);
  return options;
}

async function takeOrRefuse(db: Db, session: ViewerSession, purpose: 'registration' | 'authentication'): Promise<string> {
  const challenge = await takeChallenge(db, session.idHash, purpose);
  if (!challenge) throw new HttpError('conflict', 'This passkey request has expired or was already used. Please try again.');
  return challenge;
}

const verificationFailed = () => new HttpError('unauthorized', 'The passkey could not be verified. Please try again.');

export async function addPasskey({ db }: PasskeyDeps, viewer: Viewer, rp: RelyingParty, body: RegistrationBody): Promise<PasskeyAdded> {
  const session = await mayAddPasskey(db, viewer);
  const challenge = await takeOrRefuse(db, session, 'registration');
  const verification = await verifyRegistrationResponse({
    response: body.response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    requireUserVerification: true,
  }).catch(() => undefined);
  if (!verification?.verified) throw verificationFailed();
  const { credential } = verification.registrationInfo;
  return db.transaction().execute(async (trx) => {
    const row = await insertPasskey(trx, {
      userId: viewer.userId,
      credentialId: credential.id,
      publicKey: credential.publicKey,
      counter: credential.counter,
      transports: credential.transports ?? [],
      name: body.name,
    });
    if (!row) throw new HttpError('conflict', 'This passkey is registered already.');
    // The registration proved what an assertion right after it would: this session needs no second touch.
    await markSessionVerified(trx, session.idHash);
    await recordAudit(trx, {
      actorUserId: viewer.userId,
      action: 'auth.passkey_added',
      entity: 'user',
      entityId: viewer.userId,
      details: { passkeyId: row.id },
    });
    return { passkey: toPasskeyItem(row) };
  });
}

export async function authenticationOptions(
  { db }: PasskeyDeps,
  viewer: Viewer,
  rp: RelyingParty,
): Promise<PublicKeyCredentialRequestOptionsJSON> {
  const session = webSession(viewer);
  const passkeys = await listPasskeys(db, viewer.userId);
  if (passkeys.length === 0) throw new HttpError('conflict', 'You have no passkey yet. Add one on the Security page first.');
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    allowCredentials: passkeys.map((p) => ({ id: p.credential_id, transports: p.transports })),
    challenge: new Uint8Array(randomBytes(32)),
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: 'required',
  });
  await setChallenge(db, session.idHash, 'authentication', options.challenge, CHALLENGE_TTL_SECONDS);
  return options;
}

/** A passkey check: marks this session as verified (the second factor for personal data). */
export async function confirmPasskey({ db }: PasskeyDeps, viewer: Viewer, rp: RelyingParty, body: AuthenticationBody): Promise<void> {
  const session = webSession(viewer);
  const challenge = await takeOrRefuse(db, session, 'authentication');
  const passkey = await findPasskey(db, viewer.userId, body.response.id);
  if (!passkey) throw verificationFailed();
  const verification = await verifyAuthenticationResponse({
    response: body.response,
    expectedChallenge: challenge,
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: passkey.credential_id,
      publicKey: new Uint8Array(passkey.public_key),
      counter: passkey.counter,
      transports: passkey.transports,
    },
    requireUserVerification: true,
  }).catch(() => undefined);
  if (!verification?.verified) throw verificationFailed();
  await db.transaction().execute(async (trx) => {
    await recordPasskeyUse(trx, passkey.id, verification.authenticationInfo.newCounter);
    await markSessionVerified(trx, session.idHash);
    await recordAudit(trx, {
      actorUserId: viewer.userId,
      action: 'auth.passkey_confirmed',
      entity: 'user',
      entityId: viewer.userId,
      details: { passkeyId: passkey.id },
    });
  });
}

export async function removePasskey({ db }: PasskeyDeps, viewer: Viewer, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await deletePasskey(trx, viewer.userId, id))) throw notFound('You have no passkey with this id.');
    await recordAudit(trx, {
      actorUserId: viewer.userId,
      action: 'auth.passkey_removed',
      entity: 'user',
      entityId: viewer.userId,
      details: { passkeyId: id },
    });
  });
}
