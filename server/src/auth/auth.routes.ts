import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import * as v from 'valibot';
import type { ConfigSlice } from '../config.ts';
import type { UserRow } from '../db/schema.ts';
import { HttpError, parseOr400 } from '../http/errors.ts';
import { STRICT_RATE_LIMIT } from '../security/rate-limit.ts';
import { telegramIdSchema } from '../users/telegram-profile.schema.ts';
import { currentUser } from '../users/users.service.ts';
import { SIGN_IN_TOKEN_PATTERN } from './sign-in-links.service.ts';
import { clearGuestCookie, clearSessionCookie, readSessionToken, sentCookie, setSessionCookie } from './session-cookies.ts';
import {
  developmentUser,
  signOut,
  signOutEverywhere,
  staffOfSignInLink,
  staffOfWidgetLogin,
  startStaffSession,
  type SignInMethod,
} from './staff-sign-in.service.ts';
import { requireViewer } from '../http/viewer.ts';
import { SIGNED_IN } from '../http/access.ts';
import { widgetLoginSchema } from './telegram-widget.ts';
import { documented } from '../http/openapi.ts';
import { plainText } from '../../../domain/text.ts';
import {
  loggedOutSchema,
  meAnswerSchema,
  signInAnswerSchema,
  signOutEverywhereAnswerSchema,
  type MeAnswer,
  type SignInAnswer,
  type SignOutEverywhereAnswer,
} from '../../../domain/contracts/users.ts';

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

/**
 * Starts a new staff session after a verified sign-in, ending the one this browser had. A guest
 * in the same browser is never merged into the staff member: on a dealership's shared computer
 * the guest was a customer, whose application (SSN, photos) stays theirs. The guest cookie is
 * cleared instead, so the next customer at that browser does not see it either.
 */
async function startSession(request: FastifyRequest, reply: FastifyReply, user: UserRow, method: SignInMethod): Promise<SignInAnswer> {
  if (sentCookie(request, 'guest')) clearGuestCookie(reply);
  const { token, answer } = await startStaffSession(request.server.db, user, method, readSessionToken(request));
  setSessionCookie(reply, token);
  return answer;
}

/** What the sign-in routes read: the bot token that signs widget logins, and whether development sign-in is on. */
type AuthSettings = ConfigSlice<{ bot: 'token'; security: 'devLogin' }>;

export const authRoutes =
  ({ bot, security }: AuthSettings): FastifyPluginAsync =>
  async (app) => {
    /** The landing page of a one-time link posts the token from its URL fragment. */
    app.post(
      '/auth/link',
      {
        ...signInRoute,
        schema: documented({
          summary: "Sign in staff with the bot's one-time link",
          tags: ['auth'],
          body: linkBody,
          answers: { 200: signInAnswerSchema },
          errors: [401, 403],
        }),
      },
      async (request, reply) => {
        const { token } = parseOr400(linkBody, request.body, 'sign-in link');
        return startSession(request, reply, await staffOfSignInLink(app.db, token), 'link');
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
          answers: { 200: signInAnswerSchema },
          errors: [401, 403],
        }),
      },
      async (request, reply) => {
        const data = parseOr400(widgetLoginSchema, request.body, 'Telegram sign-in');
        const botToken = bot.token;
        if (!botToken) throw new HttpError('unauthorized', 'Telegram sign-in is not configured.');
        return startSession(request, reply, await staffOfWidgetLogin(app.db, data, botToken), 'widget');
      },
    );

    app.post(
      '/auth/logout',
      {
        bodyLimit: SIGN_IN_BODY_LIMIT,
        schema: documented({ summary: 'End the staff session', tags: ['auth'], answers: { 200: loggedOutSchema } }),
      },
      async (request, reply) => {
        await signOut(app.db, readSessionToken(request), request.viewer);
        clearSessionCookie(reply);
        return { ok: true };
      },
    );

    app.post(
      '/auth/sign-out-everywhere',
      {
        bodyLimit: SIGN_IN_BODY_LIMIT,
        config: SIGNED_IN,
        schema: documented({
          summary: 'End every staff session of the signed-in user, in every browser (audited)',
          tags: ['auth'],
          answers: { 200: signOutEverywhereAnswerSchema },
        }),
      },
      async (request, reply): Promise<SignOutEverywhereAnswer> => {
        const viewer = requireViewer(request);
        const ended = await signOutEverywhere(app.db, viewer);
        if (viewer.via === 'session') clearSessionCookie(reply);
        return { ok: true, ended };
      },
    );

    // Exists only with NODE_ENV=development and DEV_LOGIN=1 (config enforces the pair); elsewhere 404.
    if (security.devLogin) {
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
            answers: { 200: signInAnswerSchema },
          }),
        },
        async (request, reply) => {
          const { telegramId, isAdmin, firstName } = parseOr400(devLoginBody, request.body, 'development sign-in');
          return startSession(request, reply, await developmentUser(app.db, telegramId, isAdmin, firstName), 'dev');
        },
      );
    }

    app.get(
      '/me',
      {
        schema: documented({
          summary: 'Who is asking: the user, admin rights and how they are identified',
          tags: ['auth'],
          answers: { 200: meAnswerSchema },
        }),
      },
      async (request): Promise<MeAnswer> => {
        const viewer = request.viewer;
        return {
          user: viewer ? await currentUser(app.db, viewer.userId) : null,
          isAdmin: viewer?.isAdmin ?? false,
          via: viewer?.via ?? null,
        };
      },
    );
  };
