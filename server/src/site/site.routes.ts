import type { FastifyPluginAsync } from 'fastify';
import { publicSiteSchema, type PublicSite } from '../../../domain/contracts/site.ts';
import type { Config } from '../config.ts';
import { documented } from '../http/openapi.ts';

/** The part of the configuration a browser may see. Built field by field: nothing else leaks. */
function publicSite(config: Config): PublicSite {
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

export const siteRoutes: FastifyPluginAsync = async (app) => {
  const site = publicSite(app.config);
  app.get(
    '/site',
    { schema: documented({ summary: "The dealer's contact details and links", tags: ['site'], answers: { 200: publicSiteSchema } }) },
    async (_request, reply) => {
      reply.header('cache-control', 'public, max-age=300');
      return site;
    },
  );
};
