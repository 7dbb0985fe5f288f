import type { FastifyPluginAsync } from 'fastify';
import { publicSiteSchema, type PublicSite } from '../../../domain/contracts/site.ts';
import type { ConfigSlice } from '../config.ts';
import { documented } from '../http/openapi.ts';

/** What the site's details are made of; the bot token only says whether Telegram sign-in is on. */
type SiteSettings = ConfigSlice<{
  company: 'name' | 'address' | 'phone' | 'email' | 'license' | 'socialLinks';
  bot: 'username' | 'token';
  server: 'timeZone' | 'nodeEnv';
  security: 'devLogin';
}>;

/** The part of the configuration a browser may see. Built field by field: nothing else leaks. */
function publicSite(config: SiteSettings): PublicSite {
  return {
    company: {
      name: config.company.name,
      address: config.company.address,
      phone: config.company.phone,
      email: config.company.email,
      ...(config.company.license === undefined ? {} : { license: config.company.license }),
      socialLinks: [...config.company.socialLinks],
    },
    botUsername: config.bot.username ?? null,
    // Telegram sign-in verifies with the bot token; without one the login button must not appear.
    telegramLoginEnabled: Boolean(config.bot.token && config.bot.username),
    timeZone: config.server.timeZone,
    devLoginEnabled: config.security.devLogin,
    // So the staff sign-in page of a first run in development can say which setting turns it on.
    devLoginAvailable: config.server.nodeEnv === 'development',
  };
}

export const siteRoutes =
  (settings: SiteSettings): FastifyPluginAsync =>
  async (app) => {
    const site = publicSite(settings);
    app.get(
      '/site',
      { schema: documented({ summary: "The dealer's contact details and links", tags: ['site'], answers: { 200: publicSiteSchema } }) },
      async (_request, reply) => {
        reply.header('cache-control', 'public, max-age=300');
        return site;
      },
    );
  };
