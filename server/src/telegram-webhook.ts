import type { FastifyInstance } from 'fastify';
import * as v from 'valibot';
import type { TelegramBot } from '../../bot/src/telegram-bot.ts';
import { HttpError } from './http/errors.ts';
import { sameSecret } from './security/same-secret.ts';

export const WEBHOOK_PATH = '/api/telegram/webhook';
/** Telegram's own limit on one update is far below this; a bigger body is not Telegram. */
const UPDATE_BODY_LIMIT = 256 * 1024;
const SECRET_HEADER = 'x-telegram-bot-api-secret-token';

/** An update is an object with a numeric update_id; grammY's filters read the rest defensively. */
const updateSchema = v.looseObject({ update_id: v.pipe(v.number(), v.safeInteger(), v.minValue(0)) });

/**
 * POST /api/telegram/webhook, beside the API plugin (docs/architecture.md): no per-IP limit or
 * origin check, its own secret instead. A wrong or missing secret is 401. The answer comes within
 * two seconds even when a handler is slower, so Telegram never resends an update because we were slow;
 * 503 while the bot cannot reach Telegram yet, so Telegram resends it later.
 */
export function registerTelegramWebhook(app: FastifyInstance, bot: TelegramBot): void {
  app.post(WEBHOOK_PATH, { bodyLimit: UPDATE_BODY_LIMIT, schema: { hide: true } }, async (request, reply) => {
    const secret = request.headers[SECRET_HEADER];
    if (typeof secret !== 'string' || !sameSecret(secret, bot.webhookSecret))
      throw new HttpError('unauthorized', 'Wrong or missing Telegram secret token.');
    const parsed = v.safeParse(updateSchema, request.body);
    if (!parsed.success) throw new HttpError('bad_request', 'The body is not a Telegram update.');
    const outcome = await bot.handleWebhook(parsed.output);
    if (outcome === 'not_ready') {
      reply.header('retry-after', '5');
      throw new HttpError('unavailable', 'The bot cannot reach Telegram yet; Telegram will resend this update.');
    }
    return { ok: true };
  });
}
