import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { HttpError } from './errors.ts';
import type { Viewer } from './viewer.ts';

/**
 * Route-level access rules, declared where the route is:
 *
 *   app.get('/users', { config: adminOnly({ factor: 'none' }) }, handler)
 *
 * 'signed-in' needs a Telegram user (init data or a session) and answers 401 otherwise, web guests
 * included; 'admin' also answers 403 to anyone but an admin. 'telegram' is for what only reaches a
 * shopper through the bot (alerts): a user with a Telegram account, and 401 saying so to anyone else.
 * Routes without `access` are public.
 *
 * Every admin route names its second factor, so none is left to a default: 'passkey' for what
 * reaches customers' personal data or changes who may (admin rights, the staff's own passkeys),
 * where with STAFF_MFA=required a web session must have confirmed a passkey (403 mfa_required until
 * then); 'none' for the rest. Inside Telegram the signed init data is the second factor
 * (docs/decisions/010-staff-sessions-and-passkeys.md).
 */
export type StaffFactor = 'passkey' | 'none';

export type Access =
  { readonly level: 'signed-in' } | { readonly level: 'telegram' } | { readonly level: 'admin'; readonly factor: StaffFactor };

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
}

export const SIGNED_IN = { access: { level: 'signed-in' } } as const;
export const TELEGRAM_USER = { access: { level: 'telegram' } } as const;
export const adminOnly = ({ factor }: { factor: StaffFactor }) => ({ access: { level: 'admin', factor } }) as const;

/** Admin routes, whatever their factor: what app.adminRoutes lists and the access-matrix test walks. */
export const isAdminAccess = (access: Access | undefined): access is Extract<Access, { level: 'admin' }> => access?.level === 'admin';

/** A web staff session that has not confirmed a passkey yet, where STAFF_MFA asks for one. */
export const needsPasskey = (security: Pick<Config['security'], 'staffMfa'>, viewer: Viewer | null) =>
  security.staffMfa === 'required' && viewer?.via === 'session' && viewer.session?.passkeyVerified !== true;

/** The original design's header, sent by the original client with admin calls (docs/product/identity.md#identity). */
const CLAIMED_TELEGRAM_ID = 'x-telegram-id';

/** The hook that enforces `access` (app.adminRoutes lists what it guards). Call after registerIdentity. */
export function registerAccessControl(app: FastifyInstance, security: Pick<Config['security'], 'staffMfa'>) {
  app.addHook('onRequest', async (request) => {
    const access = request.routeOptions.config?.access;
    const viewer = request.viewer;
    if (access?.level === 'telegram' && viewer?.telegramId == null)
      throw new HttpError('unauthorized', 'Alerts come through our Telegram bot: open this screen in the Telegram app to use them.');
    // A web guest is only a cookie for favourites: to these routes it is nobody.
    if (access && (!viewer || viewer.via === 'guest')) throw new HttpError('unauthorized', 'Sign in to continue.');

    // Accepted for compatibility, never trusted: it may only repeat the verified identity.
    const claimed = request.headers[CLAIMED_TELEGRAM_ID];
    if (claimed !== undefined) {
      const matches = typeof claimed === 'string' && viewer?.telegramId != null && claimed.trim() === String(viewer.telegramId);
      if (!matches) throw new HttpError('forbidden', 'The x-telegram-id header does not match the signed-in user.');
    }

    if (!isAdminAccess(access)) return;
    if (!viewer?.isAdmin) throw new HttpError('forbidden', 'This needs staff (admin) rights.');
    if (access.factor === 'passkey' && needsPasskey(security, viewer)) {
      throw new HttpError('mfa_required', "Confirm it's you with your passkey to see or change personal data.");
    }
  });
}
