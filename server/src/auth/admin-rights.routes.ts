import type { FastifyPluginAsync } from 'fastify';
import { adminChangeAnswerSchema, type AdminChangeAnswer } from '../../../domain/contracts/users.ts';
import { adminOnly } from '../http/access.ts';
import { HttpError, notFound, parseOr400 } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { requireViewer } from '../http/viewer.ts';
import { adminChangeSchema } from '../users/users.schema.ts';
import { changeAdminRights } from './admin-rights.service.ts';

/** POST /api/users/admin: who is staff, which decides the staff sessions and passkeys that follow (admin-rights.service.ts). */
export const adminRightsRoutes: FastifyPluginAsync = async (app) => {
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
