import type { FastifyPluginAsync } from 'fastify';
import * as v from 'valibot';
import type { ConfigSlice } from '../config.ts';
import { adminOnly, needsPasskey, SIGNED_IN } from '../http/access.ts';
import { requireViewer } from '../http/viewer.ts';
import { HttpError, notFound, parseOr400 } from '../http/errors.ts';
import { userListQuerySchema } from './users.schema.ts';
import { listUsersForStaff, recordActivity, registerTelegramUser } from './users.service.ts';
import { documented } from '../http/openapi.ts';
import type { Paged } from '../../../domain/contracts/paged.ts';
import {
  activityAnswerSchema,
  registerAnswerSchema,
  userPageSchema,
  type ActivityAnswer,
  type RegisterAnswer,
  type UserListItem,
} from '../../../domain/contracts/users.ts';

/** Registration and activity carry nothing the server would trust: Telegram's signed data says it all. */
const noBody = v.optional(v.nullable(v.object({})));

/** The staff group whose topics the users list links to, and whether contacts wait for a passkey check (STAFF_MFA). */
type UsersSettings = ConfigSlice<{ bot: 'staffChatId'; security: 'staffMfa' }>;

export const usersRoutes =
  ({ bot, security }: UsersSettings): FastifyPluginAsync =>
  async (app) => {
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
        const contacts = needsPasskey(security, request.viewer) ? 'masked' : 'full';
        return listUsersForStaff(app.db, query, bot.staffChatId, requireViewer(request).userId, contacts);
      },
    );
  };
