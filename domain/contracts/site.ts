import * as v from 'valibot';

/** A Telegram bot's username without the @ (Telegram: 5 to 32 letters, digits or underscores). */
export const BOT_USERNAME_PATTERN = /^\w{5,32}$/;

/**
 * GET /api/site: the part of the configuration a browser may see (the company block, the bot,
 * whether Telegram sign-in is offered, the dealer's time zone, whether the development sign-in is
 * on). The web app checks it on arrival.
 */
export const publicSiteSchema = v.object({
  company: v.object({
    name: v.string(),
    address: v.string(),
    phone: v.string(),
    email: v.string(),
    /** The dealer's state licence as the footer shows it; absent when DEALER_LICENSE is not set. */
    license: v.optional(v.string()),
    socialLinks: v.array(v.string()),
  }),
  botUsername: v.nullable(v.pipe(v.string(), v.regex(BOT_USERNAME_PATTERN))),
  telegramLoginEnabled: v.boolean(),
  /**
   * The dealer's IANA time zone (TIMEZONE): the dashboard shows times in it with its label, as the
   * PDF prints them. Absent, a page shows the browser's zone, labelled too.
   */
  timeZone: v.optional(v.string()),
  /** The development sign-in (NODE_ENV=development with DEV_LOGIN=1) is on; absent means off. */
  devLoginEnabled: v.optional(v.boolean()),
  /** The server runs with NODE_ENV=development, where DEV_LOGIN=1 turns the development sign-in on; absent means not. */
  devLoginAvailable: v.optional(v.boolean()),
});

export type PublicSite = v.InferOutput<typeof publicSiteSchema>;

/** GET /api/geo: the visitor's two-letter country, or null when it is not known (docs/product/identity.md#languages). */
export interface GeoAnswer {
  countryCode: string | null;
}

export const geoAnswerSchema = v.object({ countryCode: v.nullable(v.string()) }) satisfies v.GenericSchema<unknown, GeoAnswer>;

/** GET /api/health while the database answers (else 503). */
export const healthAnswerSchema = v.object({ status: v.literal('ok'), database: v.literal('ok') });
