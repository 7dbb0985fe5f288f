import type { FastifyPluginAsync } from 'fastify';
import type { ConfigSlice } from '../config.ts';
import * as v from 'valibot';
import { chatLinkSchema, type ChatLink } from '../../../domain/contracts/chat.ts';
import { rowIdParam } from '../../../domain/query-params.ts';
import { adminOnly } from '../http/access.ts';
import { HttpError, parseOr400 } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { chatLinkOfUser } from './chat.service.ts';

const userParams = v.object({ userId: rowIdParam('userId') });

/** The dashboard's Chat button (docs/product/staff-dashboard.md#application-detail). */
/** The staff group whose topics the Chat link opens. */
type ChatSettings = ConfigSlice<{ bot: 'staffChatId' }>;

export const chatRoutes =
  ({ bot }: ChatSettings): FastifyPluginAsync =>
  async (app) => {
    app.get(
      '/chat/:userId',
      {
        config: adminOnly({ factor: 'none' }),
        schema: documented({
          summary: 'Where staff chat with a user: their forum topic in the staff group, else t.me/<username>, else null (staff)',
          tags: ['chat'],
          params: userParams,
          answers: { 200: chatLinkSchema },
        }),
      },
      async (request): Promise<ChatLink> => {
        const { userId } = parseOr400(userParams, request.params, 'user id');
        const link = await chatLinkOfUser(app.db, userId, bot.staffChatId);
        if (!link) throw new HttpError('not_found', 'No such user.');
        return link;
      },
    );
  };
