import type {
  AlertsPort,
  ApplicantCardPort,
  ChatPort,
  NoticesPort,
  PhotoAlbumsPort,
  SignInLinksPort,
  StockPhotosPort,
  TradeInsPort,
  Translations,
  UsersPort,
  VisitsPort,
} from './ports.ts';

/** Structured log lines (the server's pino logger fits). Never pass message text or personal data. */
export interface BotLog {
  debug(details: object, message: string): void;
  info(details: object, message: string): void;
  warn(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** The settings the bot reads; the server's configuration has them all. */
export interface BotConfig {
  server: {
    port: number;
    publicUrl?: string | undefined;
    /** The dealer's zone (TIMEZONE): dates the bot writes are the dealer's. */
    timeZone: string;
  };
  security: { sessionSecret: string };
  bot: {
    token?: string | undefined;
    mode: 'off' | 'polling' | 'webhook';
    apiRoot: string;
    staffChatId?: number | undefined;
  };
  company: { name: string; phone: string; email: string; address: string };
}

/** What the bot is built from; it holds no state of its own beyond these (no globals). */
export interface BotDeps {
  config: BotConfig;
  catalogues: Translations;
  log: BotLog;
  users: UsersPort;
  chat: ChatPort;
  signInLinks: SignInLinksPort;
  applicants: ApplicantCardPort;
  stockPhotos: StockPhotosPort;
  photoAlbums: PhotoAlbumsPort;
  tradeIns: TradeInsPort;
  notices: NoticesPort;
  alerts: AlertsPort;
  visits: VisitsPort;
}
