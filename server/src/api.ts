import type { FastifyPluginAsync } from 'fastify';
import type { Config } from './config.ts';
import { registerAccessControl } from './http/access.ts';
import { alertsRoutes } from './alerts/alerts.routes.ts';
import { applicationsRoutes } from './applications/applications.routes.ts';
import { dealOffersRoutes } from './applications/deal-offers.routes.ts';
import { leadWorkRoutes } from './applications/lead-work.routes.ts';
import { recordStaffVisitTo } from './applications/lead-work.service.ts';
import { consentsRoutes } from './applications/consents.routes.ts';
import { documentsRoutes } from './applications/documents.routes.ts';
import { mergeGuestIntoUser } from './applications/guest-merge.service.ts';
import { adminRightsRoutes } from './auth/admin-rights.routes.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { passkeysRoutes } from './auth/passkeys.routes.ts';
import { registerIdentity } from './auth/identity.service.ts';
import { auditRoutes } from './audit/audit.routes.ts';
import { carsRoutes } from './cars/cars.routes.ts';
import { chatRoutes } from './chat/chat.routes.ts';
import { dealsRoutes } from './deals/deals.routes.ts';
import { draftsRoutes } from './applications/drafts.routes.ts';
import { favoritesRoutes } from './favorites/favorites.routes.ts';
import { faqsRoutes } from './faqs/faqs.routes.ts';
import { feedsReportRoutes } from './feeds/feeds.routes.ts';
import { publicFaqsRoutes } from './faqs/public-faqs.routes.ts';
import { geoRoutes } from './geo/geo.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { inventoryRoutes } from './inventory/inventory.routes.ts';
import { lenderRoutes } from './lender/lender.routes.ts';
import { sendNotFound } from './http/error-handling.ts';
import { metricsRoutes } from './metrics/metrics.routes.ts';
import { retentionRoutes } from './retention/retention.routes.ts';
import { photosRoutes } from './inventory/photos.routes.ts';
import { adverseActionRoutes } from './adverse-action/adverse-action.routes.ts';
import { applicationPdfRoutes } from './applications/application-pdf.routes.ts';
import { registerApiGuards } from './security/security.ts';
import { siteRoutes } from './site/site.routes.ts';
import { stockFileRoutes } from './inventory/stock-file.routes.ts';
import { tradeInAppraisalsRoutes } from './trade-ins/trade-in-appraisals.routes.ts';
import { tradeInsRoutes } from './trade-ins/trade-ins.routes.ts';
import { usersRoutes } from './users/users.routes.ts';
import { visitCalendarRoutes } from './visits/visit-calendar.routes.ts';
import { visitSettingsRoutes } from './visits/visit-settings.routes.ts';
import { visitsRoutes } from './visits/visits.routes.ts';

/**
 * The JSON API, registered under /api as one encapsulated plugin: its hooks (rate limit, origin
 * check, identity, access) run for its routes and its 404 only, never for pages, assets or car
 * pictures, and nothing outside it needs to test a URL prefix. Routes with other rules, such as
 * the Telegram webhook, are registered beside it (see docs/architecture.md). Each feature is given
 * here the settings it reads, and no more.
 */
export const api =
  (config: Config): FastifyPluginAsync =>
  async (app) => {
    // Answers depend on who asks (a car card's favourite flag, a draft's SSN, staff lists), so no
    // cache may keep one unless its route says so with a Cache-Control of its own (the site's
    // details, public FAQs, consent texts); an error answer is never kept.
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (reply.statusCode >= 400 || !reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
      done(null, payload);
    });
    // Guards first: they must see every route below, and the admin-route registry must too.
    await registerApiGuards(app, { server: config.server, security: config.security });
    registerIdentity(app, { settings: { bot: config.bot, security: config.security }, mergeGuest: mergeGuestIntoUser });
    registerAccessControl(app, config.security);
    // Route schemas document the API (GET /api/openapi.json); the handlers validate with valibot.
    app.setValidatorCompiler(() => (data: unknown) => ({ value: data }));
    app.get('/openapi.json', { schema: { hide: true } }, async () => app.swagger());
    app.setNotFoundHandler(sendNotFound);
    // The web app's wildcard would otherwise answer unknown /api paths with the page.
    app.route({ method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], url: '/*', schema: { hide: true }, handler: sendNotFound });

    const { bot, company, dealer, geo, lender, personalDataRetention, retention, security, server } = config;
    for (const routes of [
      healthRoutes,
      carsRoutes,
      dealsRoutes({ company }),
      publicFaqsRoutes,
      faqsRoutes,
      inventoryRoutes,
      stockFileRoutes({ server }),
      feedsReportRoutes({ company, server }),
      siteRoutes({ company, bot, server, security }),
      geoRoutes({ geo }),
      authRoutes({ bot, security }),
      passkeysRoutes({ server, company, security }),
      usersRoutes({ bot, security }),
      adminRightsRoutes,
      metricsRoutes({ server, retention }),
      auditRoutes,
      favoritesRoutes,
      alertsRoutes,
      documentsRoutes({ security }),
      draftsRoutes({ security }),
      consentsRoutes({ company }),
      applicationsRoutes({ dealer, security }),
      leadWorkRoutes,
      dealOffersRoutes({ company }),
      tradeInAppraisalsRoutes({ tradeIns: config.tradeIns }),
      applicationPdfRoutes({ company, server }),
      adverseActionRoutes({ company, server, security }),
      chatRoutes({ bot }),
      photosRoutes,
      lenderRoutes({ lender }),
      tradeInsRoutes,
      visitCalendarRoutes({ server }, recordStaffVisitTo),
      visitSettingsRoutes({ server }),
      visitsRoutes({ server, company, security }, recordStaffVisitTo),

      retentionRoutes({ personalDataRetention }),
    ]) {
      await app.register(routes);
    }
  };
