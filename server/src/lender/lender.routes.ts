import type { FastifyPluginAsync } from 'fastify';
import type { Config } from '../config.ts';
import * as v from 'valibot';
import { staffApplicationSchema, type StaffApplication } from '../../../domain/contracts/applications.ts';
import { rowIdParam } from '../../../domain/query-params.ts';
import { requireViewer } from '../http/viewer.ts';
import { adminOnly } from '../http/access.ts';
import { parseOr400 } from '../http/errors.ts';
import { documented } from '../http/openapi.ts';
import { resendToLender } from './lender.service.ts';

const idParams = v.object({ id: rowIdParam('id') });

/** Staff's side of the lender hand-off: its state is in the staff application view; this sends it again. */
/** Where and how submissions are handed to the lender (LENDER_WEBHOOK_URL), when they are. */
type LenderSettings = Pick<Config, 'lender'>;

export const lenderRoutes =
  ({ lender }: LenderSettings): FastifyPluginAsync =>
  async (app) => {
    const deps = { db: app.db, pii: app.pii };

    app.post(
      '/applications/:id/lender/resend',
      {
        config: adminOnly({ factor: 'passkey' }),
        schema: documented({
          summary:
            'Send the application to the lender again, from now (staff; audited); 409 while it is being retried or without a configured lender',
          tags: ['applications'],
          params: idParams,
          answers: { 200: staffApplicationSchema },
          errors: [409],
        }),
      },
      async (request): Promise<StaffApplication> => {
        const { id } = parseOr400(idParams, request.params, 'application id');
        return resendToLender(deps, lender, requireViewer(request), id);
      },
    );
  };
