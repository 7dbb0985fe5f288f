import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import { recordAudit } from '../audit/audit.repository.ts';
import type { UserRow } from '../db/schema.ts';
import type { Db } from '../db/database.ts';
import { HttpError, parseOr400 } from '../http/errors.ts';
import { STRICT_RATE_LIMIT } from '../security/rate-limit.ts';
import { telegramIdSchema, type TelegramProfile } from '../users/telegram-profile.schema.ts';
import { findUserById, findUserByTelegramId, toCurrentUser, upsertTelegramUser } from '../users/users.repository.ts';
import { consumeSignInToken, SIGN_IN_TOKEN_PATTERN } from './sign-in-links.service.ts';
import { clearGuestCookie, clearSessionCookie, cookieName, readSessionToken, setSessionCookie } from './session-cookies.ts';
import { endAllStaffSessions, endStaffSession, openStaffSession } from './staff-sessions.service.ts';
import type { SignInMethod } from './staff-sessions.repository.ts';
import { requireViewer } from './identity.service.ts';
import { SIGNED_IN } from '../http/access.ts';
import { acceptWidgetLogin, WidgetLoginError, widgetLoginSchema, type WidgetLoginData } from './telegram-widget.ts';
import { documented } from '../http/openapi.ts';
import { plainText } from '../../../domain/text.ts';
import type { MeAnswer, SignInAnswer, SignOutEverywhereAnswer } from '../../../domain/contracts/users.ts';

/** Sign-in bodies are a token or a handful of Telegram fields; nothing bigger is legitimate. */
const SIGN_IN_BODY_LIMIT = 4 * 1024;
const signInRoute = { bodyLimit: SIGN_IN_BODY_LIMIT, config: { rateLimit: STRICT_RATE_LIMIT } };

const linkBody = v.object({ token: v.pipe(v.string('token is required'), v.regex(SIGN_IN_TOKEN_PATTERN, 'token is not a sign-in token')) });

const devLoginBody = v.object({
  telegramId: v.pipe(
    v.union([v.number(), v.pipe(v.string(), v.regex(/^\d{1,15}$/))], 'telegramId must be a Telegram user id'),
    v.transform(Number),
    telegramIdSchema,
  ),
  isAdmin: v.optional(v.boolean('isAdmin must be true or false'), false),
  /** A name for a new user, so that histories name the developer rather than a number. */
  firstName: v.optional(v.pipe(plainText('firstName', 64), v.nonEmpty('firstName must not be empty'))),
});

/** The development sign-in knows an id and, when given, a name; nothing else of a Telegram profile. */
const devProfile = (id: number, firstName: string | undefined): TelegramProfile => ({
  id,
  firstName: firstName ?? null,
  lastName: null,
  username: null,
  photoUrl: null,
  languageCode: null,
});

/**
 * Starts a new staff session after a verified sign-in, ending the one this browser had. A guest
 * in the same browser is never merged into the staff member: on a dealership's shared computer
 * the guest was a customer, whose application (SSN, photos) stays theirs. The guest cookie is
 * cleared instead, so the next customer at that browser does not see it either.
 */
async function startSession(
  db: Db,
  request: FastifyRequest,
  reply: FastifyReply,
  user: UserRow,
  method: SignInMethod,
): Promise<SignInAnswer> {
  if (request.cookies[cookieName(request.server.config, 'guest')] !== undefined) clearGuestCookie(reply);
  const token = await openStaffSession(db, user.id, method, readSessionToken(request));
  await recordAudit(db, { actorUserId: user.id, action: 'auth.sign_in', entity: 'user', entityId: user.id, details: { method } });
  setSessionCookie(reply, token);
  return { ok: true, redirect: user.is_admin ? '/dashboard' : '/', user: toCurrentUser(user) };
}

async function widgetProfile(db: Db, data: WidgetLoginData, botToken: string): Promise<TelegramProfile> {
  try {
    return await acceptWidgetLogin(db, data, botToken);
  } catch (error) {
    if (error instanceof WidgetLoginError) throw new HttpError('unauthorized', error.message);
    throw error;
  }
}

export const authRoutes: FastifyPluginAsync = async (app) => {
  /** The landing page of a one-time link posts the token from its URL fragment. */
  app.post(
    '/auth/link',
    {
      ...signInRoute,
      schema: documented({ summary: "Sign in staff with the bot's one-time link", tags: ['auth'], body: linkBody, errors: [401, 403] }),
    },
    async (request, reply) => {
      const { token } = parseOr400(linkBody, request.body, 'sign-in link');
      // Consumed on its own, before any check that could fail: a link works once, whatever happens next.
      const userId = await consumeSignInToken(app.db, token);
      if (userId === undefined)
        throw new HttpError('unauthorized', 'This sign-in link is invalid, already used or expired. Send /login to the bot for a new one.');
      const user = await findUserById(app.db, userId);
      if (!user?.is_admin) throw new HttpError('forbidden', 'Sign-in links are for staff (admins) only.');
      return startSession(app.db, request, reply, user, 'link');
    },
  );

  app.post(
    '/auth/telegram-widget',
    {
      ...signInRoute,
      schema: documented({
        summary: 'Sign in staff with the Telegram Login Widget',
        tags: ['auth'],
        body: widgetLoginSchema,
        errors: [401, 403],
      }),
    },
    async (request, reply) => {
      const data = parseOr400(widgetLoginSchema, request.body, 'Telegram sign-in');
      const botToken = app.config.bot.token;
      if (!botToken) throw new HttpError('unauthorized', 'Telegram sign-in is not configured.');
      const profile = await widgetProfile(app.db, data, botToken);
      // Sessions exist for the dashboard; customers use the mini app, which signs every request itself.
      const known = await findUserByTelegramId(app.db, profile.id);
      if (!known?.is_admin) throw new HttpError('forbidden', 'Staff sign-in is for admins only. Customers can open the app in Telegram.');
      return startSession(app.db, request, reply, await upsertTelegramUser(app.db, profile, { refreshProfile: true }), 'widget');
    },
  );

  app.post(
    '/auth/logout',
    { bodyLimit: SIGN_IN_BODY_LIMIT, schema: documented({ summary: 'End the staff session', tags: ['auth'] }) },
    async (request, reply) => {
      const viewer = request.viewer;
      const token = readSessionToken(request);
      if (token !== null) await endStaffSession(app.db, token);
      if (viewer?.via === 'session') {
        await recordAudit(app.db, { actorUserId: viewer.userId, action: 'auth.sign_out', entity: 'user', entityId: viewer.userId });
      }
      clearSessionCookie(reply);
      return { ok: true };
    },
  );

  app.post(
    '/auth/sign-out-everywhere',
    {
      bodyLimit: SIGN_IN_BODY_LIMIT,
      config: SIGNED_IN,
      schema: documented({ summary: 'End every staff session of the signed-in user, in every browser (audited)', tags: ['auth'] }),
    },
    async (request, reply): Promise<SignOutEverywhereAnswer> => {
      const { userId, via } = requireViewer(request);
      const ended = await app.db.transaction().execute(async (trx) => {
        const count = await endAllStaffSessions(trx, userId);
        await recordAudit(trx, {
          actorUserId: userId,
          action: 'auth.sign_out_everywhere',
          entity: 'user',
          entityId: userId,
          details: { sessions: count, via },
        });
        return count;
      });
      if (via === 'session') clearSessionCookie(reply);
      return { ok: true, ended };
    },
  );

  // Exists only with NODE_ENV=development and DEV_LOGIN=1 (config enforces the pair); elsewhere 404.
  if (app.config.devLogin) {
    // Said at every start, so nobody runs a server that signs anyone in without knowing it.
    app.log.warn(
      'Development sign-in is on (DEV_LOGIN=1): POST /api/auth/dev-login signs in any Telegram id, and the staff sign-in page offers it. Unset DEV_LOGIN to turn it off.',
    );
    app.post(
      '/auth/dev-login',
      {
        ...signInRoute,
        schema: documented({
          summary: 'Development sign-in (NODE_ENV=development with DEV_LOGIN=1 only)',
          tags: ['auth'],
          body: devLoginBody,
        }),
      },
      async (request, reply) => {
        const { telegramId, isAdmin, firstName } = parseOr400(devLoginBody, request.body, 'development sign-in');
        return startSession(
          app.db,
          request,
          reply,
          await upsertTelegramUser(app.db, devProfile(telegramId, firstName), { isAdmin }),
          'dev',
        );
      },
    );
  }

  app.get(
    '/me',
    { schema: documented({ summary: 'Who is asking: the user, admin rights and how they are identified', tags: ['auth'] }) },
    async (request): Promise<MeAnswer> => {
      const viewer = request.viewer;
      const user = viewer ? await findUserById(app.db, viewer.userId) : undefined;
      return { user: user ? toCurrentUser(user) : null, isAdmin: viewer?.isAdmin ?? false, via: viewer?.via ?? null };
    },
  );
};
