import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import { adminOnly, needsPasskey, SIGNED_IN } from '../http/access.ts';
import { requireViewer } from '../auth/identity.service.ts';
import { HttpError, notFound, parseOr400 } from '../http/errors.ts';
import { adminChangeSchema, userListQuerySchema } from './users.schema.ts';
import { changeAdminRights, listUsersForStaff, recordActivity, registerTelegramUser } from './users.service.ts';
import { documented } from '../http/openapi.ts';
import type { Paged } from '../../../domain/contracts/paged.ts';
import {
  activityAnswerSchema,
  adminChangeAnswerSchema,
  registerAnswerSchema,
  userPageSchema,
  type ActivityAnswer,
  type AdminChangeAnswer,
  type RegisterAnswer,
  type UserListItem,
} from '../../../domain/contracts/users.ts';

/** Registration and activity carry nothing the server would trust: Telegram's signed data says it all. */
const noBody = v.optional(v.nullable(v.object({})));

export const usersRoutes: FastifyPluginAsync = async (app) => {
  /** A known Telegram user is saved when the mini app opens (docs/product/identity.md#identity). */
  app.post(
    '/users/register',
    {
      bodyLimit: 16 * 1024,
      schema: documented({
        summary: 'Save the Telegram user opening the mini app',
        tags: ['users'],
        body: noBody,
        answers: { 200: registerAnswerSchema },
        errors: [401],
      }),
    },
    async (request): Promise<RegisterAnswer> => {
      parseOr400(noBody, request.body, 'registration');
      const profile = request.telegramProfile;
      if (!profile) throw new HttpError('unauthorized', 'Registration needs the Telegram app: open it from the bot.');
      return { user: await registerTelegramUser(app.db, profile) };
    },
  );

  app.post(
    '/users/activity',
    {
      bodyLimit: 16 * 1024,
      config: SIGNED_IN,
      schema: documented({
        summary: "Record the signed-in user's activity",
        tags: ['users'],
        body: noBody,
        answers: { 200: activityAnswerSchema },
      }),
    },
    async (request): Promise<ActivityAnswer> => {
      parseOr400(noBody, request.body, 'activity');
      const user = await recordActivity(app.db, requireViewer(request).userId);
      if (!user) throw notFound('No such user.');
      return { ok: true, last_active_at: user.last_active_at?.toISOString() ?? null };
    },
  );

  app.get(
    '/users',
    {
      // Open before the passkey check, with emails and phone numbers masked until it (listUsersForStaff).
      config: adminOnly({ factor: 'none' }),
      schema: documented({
        summary:
          'List users (staff): filters, sort and paging; each with their application and Chat link; regBOverdue=true lists applicants past the Regulation B deadline; assignee=me the leads the caller took; waitingForFirstContact=true applicants no staff member has responded to yet',
        tags: ['users'],
        querystring: userListQuerySchema,
        answers: { 200: userPageSchema },
      }),
    },
    async (request): Promise<Paged<UserListItem>> => {
      const query = parseOr400(userListQuerySchema, request.query, 'user filters');
      const contacts = needsPasskey(app.config, request.viewer) ? 'masked' : 'full';
      return listUsersForStaff(app.db, query, app.config.bot.staffChatId, requireViewer(request).userId, contacts);
    },
  );

  app.post(
    '/users/admin',
    {
      // Who is an admin decides who reads SSNs: a session without its passkey check must not change it.
      config: adminOnly({ factor: 'passkey' }),
      schema: documented({
        summary: 'Grant or revoke admin rights (staff)',
        tags: ['users'],
        body: adminChangeSchema,
        answers: { 200: adminChangeAnswerSchema },
        errors: [404, 409],
      }),
    },
    async (request): Promise<AdminChangeAnswer> => {
      const { userId, isAdmin } = parseOr400(adminChangeSchema, request.body, 'admin change');
      const result = await changeAdminRights(app.db, requireViewer(request).userId, userId, isAdmin);
      switch (result.kind) {
        case 'not_found':
          throw notFound('No user with this id.');
        case 'guest':
          throw new HttpError('conflict', 'A web guest cannot be an admin; they must sign in with Telegram first.');
        case 'last_admin':
          throw new HttpError('conflict', 'This is the last admin; grant admin to someone else first.');
        case 'ok':
          return { user: result.user };
      }
    },
  );
};
