import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import { findAcceptedTradeIn } from './trade-ins/trade-ins.service.ts';
import { createTradeInChatPhotosService } from './trade-ins/trade-in-photos.service.ts';
import { tradeInNotice } from './trade-ins/trade-in-appraisals.service.ts';
import { buildApp } from './app.ts';
import type { Config, ConfigSlice } from './config.ts';
import { createDatabase, databaseTargetFor, embeddedDirectory, type Db } from './db/database.ts';
import { lockEmbeddedDatabase } from './db/embedded-lock.ts';
import { explainEmbeddedFailure } from './db/embedded-storage.ts';
import type { JobTiming } from './db/scheduled-job.ts';
import { startExpiryJob } from './expiry/expiry.service.ts';
import { startRetentionJob } from './retention/retention.service.ts';
import { migrateToLatest } from './db/migrate.ts';
import { loadCatalogues, type Catalogues } from './i18n/catalogues.ts';
import { createPdfRenderer } from './pdf/pdf-renderer.service.ts';
import { createImageDecoder } from './media/image-decoder.service.ts';
import { createDatabaseMediaStore } from './media/media.repository.ts';
import { piiCipherFromConfig, type PiiCipher } from './security/pii-crypto.ts';
import { seedDemoStock } from './seed/demo-stock.ts';
import { inventoryConsumers, type AddPhotos } from './inventory/photo-fetch.consumer.ts';
import { addFetchedPhotos } from './inventory/photos.service.ts';
import { listPhotoFetches, recordPhotoFetches } from './inventory/photo-fetches.repository.ts';
import { createStockPhotosService } from './inventory/stock-photos.service.ts';
import type { ImageDecoder } from './media/image-decoder.service.ts';
import type { MediaStore } from './media/media-store.service.ts';
import { startOutboxWorker, type OutboxWorker, type OutboxWorkerOptions } from './outbox/outbox.service.ts';
import { mailerFromConfig, type Mailer } from './mail/mail.service.ts';
import { mailConsumers } from './mail/applicant-emails.consumer.ts';
import { crmConsumers } from './crm/adf-lead.consumer.ts';
import type { TelegramBot, TelegramBotOptions } from '../../bot/src/telegram-bot.ts';
import type { BotDeps } from '../../bot/src/bot-deps.ts';
import { findApplicationById, findApplicationByUser, findApplicationCar } from './applications/applications.repository.ts';
import { issueSignInLink, SIGN_IN_LINK_TTL_MINUTES } from './auth/sign-in-links.service.ts';
import { createChatService } from './chat/chat.service.ts';
import { adverseActionNoticePdf, recordNoticeDelivered, type NoticeDeps } from './adverse-action/adverse-action.service.ts';
import { rememberTelegramUser } from './users/telegram-users.service.ts';
import { findUserById, findUserByTelegramId } from './users/users.repository.ts';
import { registerTelegramWebhook } from './telegram-webhook.ts';
import { lenderAcceptedOffer, lenderSubmission } from './lender/lender.service.ts';
import { lenderConsumers } from './lender/lender-webhook.consumer.ts';
import { promoteConfiguredAdmins } from './users/configured-admins.ts';
import { clearBlocked, prepareAlerts, recordAlertDropped, recordAlertSent, recordBlocked, unsubscribe } from './alerts/alerts.service.ts';
import { sendVisitMessage, visitStaffNote, type VisitMessageDeps } from './visits/visit-messages.service.ts';
import { visitConsumers } from './visits/visit-car-gone.consumer.ts';

/** Everything one server process runs, built in dependency order and closed in reverse. */
export interface Runtime {
  readonly config: Config;
  readonly db: Db;
  readonly pii: PiiCipher;
  readonly catalogues: Catalogues;
  readonly app: FastifyInstance;
  /** The bot as BOT_MODE starts it; undefined with BOT_MODE=off. */
  readonly bot: TelegramBot | undefined;
  /** Delivers outbox events to the consumers registered with it (the bot's notifications, when the bot runs). */
  readonly outbox: OutboxWorker;
  /** Stops everything in reverse order; a part that overruns the deadline is left behind, logged. */
  close(deadlineMs?: number): Promise<void>;
}

/** Tests and tools replace the parts that touch the outside world. */
export interface RuntimeOverrides {
  /** A database opened elsewhere (a test's copy); the runtime then neither locks, seeds nor closes it. */
  db?: Db;
  /** Folder of the built web app; tests point it elsewhere or leave it missing. */
  webDist?: string;
  logger?: FastifyServerOptions['logger'];
  /** Tests give the bot its identity (no getMe) and quicker timers. */
  bot?: TelegramBotOptions;
  /** Tests run the expiry job sooner than a minute after start. */
  expiry?: JobTiming;
  /** Tests run the retention job sooner than minutes after start. */
  retention?: JobTiming;
  /** Tests slow the outbox timer down and tick it themselves. */
  outbox?: OutboxWorkerOptions;
  /** Where the photos a stock file names go once fetched; by default the car-photo pipeline (inventory/photos.service.ts). */
  addPhotos?: AddPhotos;
  /** A mailer built elsewhere, used instead of the one SMTP_URL configures; its owner closes it. */
  mailer?: Mailer;

  /** Tests let a slow lender time out sooner than the 10 seconds one hand-off may take. */
  lenderTimeoutMs?: number;
}

interface Part {
  name: string;
  stop: () => Promise<void> | void;
}

export async function createRuntime(config: Config, overrides: RuntimeOverrides = {}): Promise<Runtime> {
  const parts: Part[] = [];
  const close = async (deadlineMs = 10_000) => {
    const deadline = Date.now() + deadlineMs;
    for (const part of parts.splice(0).reverse()) {
      let timer: NodeJS.Timeout | undefined;
      const overran = new Promise<'overran'>(
        (resolve) => (timer = setTimeout(() => resolve('overran'), Math.max(0, deadline - Date.now()))),
      );
      const outcome = await Promise.race([Promise.resolve(part.stop()).then(() => 'stopped' as const), overran]).catch(
        (error: unknown) => error,
      );
      clearTimeout(timer);
      if (outcome !== 'stopped')
        process.stderr.write(
          `Shutdown: ${part.name} did not stop cleanly (${outcome instanceof Error ? outcome.message : String(outcome)}).\n`,
        );
    }
  };

  try {
    const db = overrides.db ?? openDatabase(config, parts);
    await migrateToLatest(db).catch((error: unknown) => {
      throw overrides.db || config.database.url ? error : explainEmbeddedFailure(error, embeddedDirectory(config.database));
    });
    await promoteConfiguredAdmins(db, config.security.adminTelegramIds);
    // The demo inventory arrives as a stock file through the importer staff use (seed/demo-stock.ts).
    const seeded = !overrides.db && config.database.seedDemo ? await seedDemoStock(db) : undefined;

    const pii = piiCipherFromConfig(config.security);
    const catalogues = await loadCatalogues();
    // Closed after the HTTP server, so requests still printing finish first; Chromium starts on the first PDF.
    const pdf = createPdfRenderer({ chromePath: config.pdf.chromePath });
    parts.push({ name: 'PDF renderer', stop: () => pdf.close() });
    // One per process: its bound on decodes at once holds only if every upload goes through it.
    const images = createImageDecoder({ maxPixels: config.images.maxPixels, concurrency: config.images.decodeConcurrency });
    // The one media store: the API's photo routes, their serving route and the bot's photo intake share it.
    const media = createDatabaseMediaStore(db);
    const app = await buildApp({ config, db, pii, catalogues, pdf, images, media, webDist: overrides.webDist, logger: overrides.logger });
    parts.push({ name: 'HTTP server', stop: () => app.close() });
    if (seeded && !seeded.skipped) app.log.info({ cars: seeded.cars, faqs: seeded.faqs }, 'seeded an empty database with demo data');

    // Stopped before the HTTP server closes and the database with it; a run in progress ends after its batch.
    const expiry = startExpiryJob(db, config.retention, app.log.child({ component: 'expiry' }), overrides.expiry);
    parts.push({ name: 'expiry job', stop: () => expiry.close() });
    const retention = startRetentionJob(
      db,
      { ...config.retention, months: config.personalDataRetention.months },
      app.log.child({ component: 'retention' }),
      overrides.retention,
    );
    parts.push({ name: 'retention job', stop: () => retention.close() });

    // Stopped before the HTTP server closes (parts close in reverse): no update is taken that could not be finished.
    // Loaded only when it runs: grammY and the bot's features are several megabytes a server with
    // BOT_MODE=off would hold for nothing (docs/operations/benchmarks.md#memory).
    const bot = (config.bot.mode === 'off' ? undefined : await import('../../bot/src/telegram-bot.ts'))?.startTelegramBot(
      { server: config.server, security: config.security, bot: config.bot, company: config.company },
      {
        ...botServices(config, { db, images, media }, { renderer: pdf, catalogues }),
        catalogues,
        log: app.log.child({ component: 'bot' }),
      },
      overrides.bot,
    );
    if (bot) {
      parts.push({ name: 'bot', stop: () => bot.close() });
      if (bot.mode === 'webhook') registerTelegramWebhook(app, bot);
    }

    // Closed after the outbox worker (parts close in reverse), so no delivery is cut mid-send.
    const mailer = overrides.mailer ?? mailerFromConfig(config.mail);
    if (mailer && !overrides.mailer) parts.push({ name: 'mailer', stop: () => mailer.close() });
    if (!mailer)
      app.log.info('email is off: set SMTP_URL and MAIL_FROM to email web applicants, and CRM_ADF_EMAIL to send leads to the CRM');

    // Runs whatever BOT_MODE is, for the consumers there are; stopped before the bot it delivers through.
    const outbox = startOutboxWorker(db, app.log.child({ component: 'outbox' }), { ...config.outbox, ...overrides.outbox });
    parts.push({ name: 'outbox worker', stop: () => outbox.close() });
    const addPhotos: AddPhotos =
      overrides.addPhotos ?? ((carUuid, files, actorUserId) => addFetchedPhotos({ db, images, media }, carUuid, files, actorUserId));
    const notices: NoticeDeps = { db, renderer: pdf, catalogues, creditor: config.company, timeZone: config.server.timeZone };
    const acceptedTradeIn = (userId: number) => findAcceptedTradeIn(db, pii, userId);
    // Each feature says which consumers it runs with this configuration; the worker registers them in this order.
    const consumers = [
      ...(bot?.consumers ?? []),
      ...inventoryConsumers(
        config.photoFetch,
        addPhotos,
        { list: (carUuid) => listPhotoFetches(db, carUuid), record: (carUuid, results) => recordPhotoFetches(db, carUuid, results) },
        app.log.child({ component: 'photo-urls' }),
      ),
      ...mailConsumers({
        db,
        mailer,
        catalogues,
        config: { company: config.company, server: config.server },
        notices,
        tradeInNotice: (event) => tradeInNotice(db, event),
        sendVisitMessage: (event, send) => sendVisitMessage({ db, catalogues, config }, event, 'email', (message, to) => send(message, to)),
      }),
      ...crmConsumers({
        db,
        pii,
        mailer,
        mail: config.mail,
        config: { company: config.company, dealer: config.dealer, server: config.server },
        log: app.log,
        acceptedTradeIn,
      }),
      ...visitConsumers(db),
      ...lenderConsumers(config.lender, overrides.lenderTimeoutMs ?? 10_000, (lender) => ({
        submission: (applicationId) => lenderSubmission({ db, pii, acceptedTradeIn }, lender, applicationId),
        acceptedOffer: (applicationId, offerId) => lenderAcceptedOffer({ db, acceptedTradeIn }, applicationId, offerId),
      })),
    ];
    for (const consumer of consumers) await outbox.register(consumer);

    return { config, db, pii, catalogues, app, bot, outbox, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/**
 * The server's services as the bot's ports: the bot reaches the database only through these. Car
 * photos go through the process's one image decoder and media store; notices through the PDF renderer.
 */
export function botServices(
  config: ConfigSlice<{
    company: 'name' | 'address' | 'phone' | 'email';
    server: 'timeZone' | 'publicUrl' | 'port';
    security: 'sessionSecret';
  }>,
  { db, images, media }: { db: Db; images: ImageDecoder; media: MediaStore },
  print: Pick<NoticeDeps, 'renderer' | 'catalogues'>,
): Pick<
  BotDeps,
  'users' | 'chat' | 'signInLinks' | 'applicants' | 'stockPhotos' | 'photoAlbums' | 'tradeIns' | 'notices' | 'alerts' | 'visits'
> {
  const noticeDeps: NoticeDeps = { db, ...print, creditor: config.company, timeZone: config.server.timeZone };
  const visitMessages: VisitMessageDeps = { db, catalogues: print.catalogues, config };
  // Staff's car photos and shoppers' trade-in photos arrive as albums collected the same way.
  const stockPhotos = createStockPhotosService({ db, images, media });
  return {
    users: {
      findById: (userId) => findUserById(db, userId),
      findByTelegramId: (telegramId) => findUserByTelegramId(db, telegramId),
      rememberTelegramUser: (from) => rememberTelegramUser(db, from),
    },
    chat: createChatService(db),
    signInLinks: { ttlMinutes: SIGN_IN_LINK_TTL_MINUTES, issue: (userId) => issueSignInLink(db, config.server, userId) },
    applicants: {
      async applicationOf(userId) {
        const application = await findApplicationByUser(db, userId);
        return application && { id: application.id, status: application.status };
      },
      async receiptOf(applicationId) {
        const application = await findApplicationById(db, applicationId);
        return application && { submittedAt: application.submitted_at, car: await findApplicationCar(db, application.car_uuid) };
      },
    },
    stockPhotos,
    photoAlbums: stockPhotos,
    tradeIns: { ...createTradeInChatPhotosService({ db, images, media }), tradeInNotice: (event) => tradeInNotice(db, event) },
    notices: {
      noticePdf: (noticeId) => adverseActionNoticePdf(noticeDeps, noticeId),
      markDelivered: (noticeId) => recordNoticeDelivered(noticeDeps, noticeId, 'telegram'),
    },
    alerts: {
      prepare: (event) => prepareAlerts({ db, timeZone: config.server.timeZone }, event),
      markSent: (alertId) => recordAlertSent(db, alertId),
      drop: (alertId, reason) => recordAlertDropped(db, alertId, reason),
      markBlocked: (userId, alertId) => recordBlocked(db, userId, alertId),
      clearBlocked: (userId) => clearBlocked(db, userId),
      unsubscribe: (telegramId, target) => unsubscribe(db, telegramId, target),
    },
    visits: {
      sendOnce: (event, send) => sendVisitMessage(visitMessages, event, 'telegram', (message, to) => send(message, to.telegramId)),
      staffNote: (event) => visitStaffNote(db, event),
    },
  };
}

function openDatabase(config: Pick<Config, 'database'>, parts: Part[]): Db {
  if (!config.database.url) {
    const unlock = lockEmbeddedDatabase(config.database.dataDir);
    parts.push({ name: 'embedded database lock', stop: unlock });
  }
  const db = createDatabase(databaseTargetFor(config.database));
  parts.push({ name: 'database', stop: () => db.destroy() });
  return db;
}
