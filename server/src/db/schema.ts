import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { AdverseActionReason, CreditReport, CreditScore, NoticeChannel } from '../../../domain/adverse-action.ts';
import type { AlertReason } from '../../../domain/alerts.ts';
import type { CarPhotoVariant } from '../../../domain/car-images.ts';
import type { SavedSearchFilters } from '../../../domain/cars.ts';
import type { DealInput } from '../../../domain/deals/deal-input.schema.ts';
import type { DealOfferStatus, OfferTerms } from '../../../domain/deals/deal-offer.ts';
import type { DealQuote } from '../../../domain/deals/deal-quote.schema.ts';
import type { DealSettings, DealType } from '../../../domain/deals/deal-settings.ts';
import type { PhotoFetchFailure, PhotoFetchOutcome } from '../../../domain/contracts/inventory.ts';
import type { OutboxKind } from '../../../domain/contracts/outbox.ts';
import type { VisitSettings } from '../../../domain/visits/visit-settings.ts';
import type { VisitActor, VisitStatus, VisitType } from '../../../domain/visits/visit.schema.ts';
import type { VisitMessageKind } from '../../../domain/visits/visit-rules.ts';
import type { TradeInAngle, TradeInCondition, TradeInStatus, OwnershipKind } from '../../../domain/trade-ins/trade-in.schema.ts';
import type { CarListingState, EmploymentStatus, IncomeFrequency, Language, WireSuffix } from '../../../domain/enums.ts';

/** The typed database interface, mirroring migrations/ (the schema's single source of truth). */

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;
/** A jsonb column that may be SQL null (not the JSON value null). */
type NullableJson<T> = ColumnType<T | null, string | null, string | null>;

export type CarCondition = 'new' | 'used';
export type CarStatus = 'available' | 'unavailable';
export type ApplicationStatusValue = 'in_review' | 'approved' | 'rejected' | 'withdrawn';

export interface UsersTable {
  id: Generated<number>;
  telegram_id: number | null;
  kind: 'telegram' | 'guest';
  first_name: string | null;
  last_name: string | null;
  username: string | null;
  email: string | null;
  phone: string | null;
  photo_url: string | null;
  language: ColumnType<Language, Language | undefined, Language>;
  is_admin: ColumnType<boolean, boolean | undefined, boolean>;
  tag: string | null;
  registered_at: NullableTimestamp;
  last_active_at: NullableTimestamp;
  created_at: Timestamp;
  /** Keyed HMAC of the client address a guest was created from (migration 0010); null for Telegram users. */
  address_key: string | null;
  /** When a guest was last seen, touched at most once a day; drives guest expiry. Unused for Telegram users. */
  last_seen_at: Timestamp;
  /** When a guest first saved a favourite, a draft or an application (set by triggers, migration 0010); null otherwise. */
  engaged_at: NullableTimestamp;
}

export interface CarsTable {
  uuid: Generated<string>;
  brand: string;
  model: string;
  year: number;
  price: number;
  mileage: number;
  condition: CarCondition;
  /** Generated from listing_state (migration 0014, decision 016): null for a draft or an archived car, which the public never sees. */
  status: ColumnType<CarStatus | null, never, never>;
  listing_state: ColumnType<CarListingState, CarListingState | undefined, CarListingState>;
  /** The dealer's own; a row inserted without one takes the next S00001-style number (migration 0014). */
  stock_number: ColumnType<string, string | undefined, string>;
  certified: ColumnType<boolean, boolean | undefined, boolean>;
  msrp: number | null;
  version: ColumnType<number, number | undefined, number>;
  updated_at: Timestamp;
  date_added: Timestamp;
  trim: string | null;
  body_style: string | null;
  exterior_color: string | null;
  interior_color: string | null;
  vin: string | null;
  transmission: string | null;
  drivetrain: string | null;
  fuel_type: string | null;
  engine: string | null;
  mpg_city: number | null;
  mpg_highway: number | null;
  features: ColumnType<string[], string[] | undefined, string[]>;
  description: string | null;
  photos: ColumnType<string[], string[] | undefined, string[]>;
}

export interface FavoritesTable {
  user_id: number;
  car_uuid: string;
  created_at: Timestamp;
}

export interface CarViewsTable {
  id: Generated<number>;
  user_id: number;
  car_uuid: string;
  viewed_at: Timestamp;
}

/** Maintained by triggers on car_views (migration 0007): read it, never write it. */
export interface CarViewsPerUserTable {
  user_id: number;
  views: number;
  first_viewed_at: Date;
}

export interface AddressRecord {
  line1: string;
  line2: string | null;
  city: string;
  state: string;
  postalCode: string;
}

export interface EmploymentRecord {
  employerName: string;
  occupation: string | null;
  workPhone: string | null;
  status: EmploymentStatus;
  totalMonthsEmployed?: number;
  employerAddress: AddressRecord | null;
}

export interface ApplicationsTable {
  id: Generated<number>;
  user_id: number;
  car_uuid: string | null;
  status: ColumnType<ApplicationStatusValue, ApplicationStatusValue | undefined, ApplicationStatusValue>;
  first_name: string;
  last_name: string;
  suffix: WireSuffix | null;
  email: string;
  phone: string;
  ssn_encrypted: string | null;
  ssn_last4: string | null;
  date_of_birth_encrypted: string | null;
  /** This and the housing answers: null once erased (migration 0026). */
  marital_status: 'Unmarried' | 'Married' | null;
  consent_given: ColumnType<boolean, boolean | undefined, boolean>;
  housing_status: 'Rent' | 'OwnOutright' | 'Mortgage' | 'Family' | 'Military' | 'Other' | null;
  mortgage_or_rent_amount: number | null;
  months_at_current_address: number | null;
  /** Null once erased (migration 0020), like the income and employment columns. */
  address: NullableJson<AddressRecord>;
  previous_address: NullableJson<AddressRecord>;
  income: number | null;
  income_frequency: ColumnType<IncomeFrequency | null, IncomeFrequency | undefined, IncomeFrequency | null>;
  other_income_source: string | null;
  other_income_amount: ColumnType<number | null, number | undefined, number | null>;
  current_employment: NullableJson<EmploymentRecord>;
  previous_employment: NullableJson<EmploymentRecord>;
  no_previous_employment: Generated<boolean>;
  dealer: Json<Record<string, unknown>>;
  idempotency_key: string | null;
  /** HMAC of the request first sent with idempotency_key (migration 0006). */
  idempotency_fingerprint: string | null;
  submitted_at: Timestamp;
  updated_at: Timestamp;
  /** The lender's own reference, from its signed decision (migration 0017). */
  lender_reference: ColumnType<string | null, string | null | undefined, string | null>;

  /** The admin who took the lead (migration 0019); null when nobody has. */
  assignee_user_id: ColumnType<number | null, number | null | undefined, number | null>;
  /** The first staff response after submission: a relayed message, a status change or a "contacted" note (migration 0019). */
  first_response_at: NullableTimestamp;

  /** When the retention job erased the personal data above (migration 0020); null while it is kept. */
  erased_at: NullableTimestamp;
}

export interface ApplicationDocumentsTable {
  id: Generated<number>;
  /** The uploader; a guest's unattached documents move to the Telegram user on merge. */
  owner_user_id: number;
  /** Null until the application is submitted; unattached documents are purged after 7 days. */
  application_id: number | null;
  side: 'front' | 'back';
  mime: string;
  size: number;
  sha256: string;
  content_encrypted: Uint8Array;
  key_id: string;
  /** Pixels of the stored (re-encoded) image; null only for rows from before migration 0004. */
  width: number | null;
  height: number | null;
  created_at: Timestamp;
  /** Keyed HMAC of the client address a guest uploaded it from (migration 0010), for the per-address cap. */
  address_key: string | null;
  /** The print-size copy the PDF prints, sealed like the photo (migration 0034); null for rows uploaded before it. */
  print_content_encrypted: Uint8Array | null;
}

export interface ApplicationStatusHistoryTable {
  id: Generated<number>;
  application_id: number;
  from_status: ApplicationStatusValue | null;
  to_status: ApplicationStatusValue;
  changed_by: number | null;
  changed_at: Timestamp;
}

export interface ApplicationDraftsTable {
  user_id: number;
  payload_encrypted: string;
  updated_at: Timestamp;
  /** When the draft was started (migration 0010); updated_at moves with every save. */
  created_at: Timestamp;
  /** Keyed HMAC of the client address a guest started it from, for the per-address cap. */
  address_key: string | null;
}

export interface ApplicationConsentsTable {
  id: Generated<number>;
  application_id: number;
  kind: 'credit_check' | 'privacy_notice' | 'electronic_records' | 'marketing_contact';
  text_version: string;
  accepted_at: Timestamp;
}

/** Staff's internal notes on an application (migration 0019): append-only, never sent outside. */
export interface ApplicationNotesTable {
  id: Generated<number>;
  application_id: number;
  author_user_id: number | null;
  text: string;
  contacted: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Timestamp;
}

export interface FaqsTable {
  id: Generated<number>;
  question: string;
  answer: string;
  url: string | null;
  lang: Language;
  created_at: Timestamp;
}

export interface AuditEventsTable {
  id: Generated<number>;
  actor_user_id: number | null;
  action: string;
  entity: string;
  entity_id: string | null;
  at: Timestamp;
  details: ColumnType<Record<string, unknown>, string | undefined, never>;
}

export interface BotThreadsTable {
  user_id: number;
  staff_chat_id: number;
  message_thread_id: number;
  blocked_at: NullableTimestamp;
  created_at: Timestamp;
}

export interface BotRelayedMessagesTable {
  id: Generated<number>;
  user_id: number;
  user_chat_id: number;
  user_message_id: number;
  staff_chat_id: number;
  staff_message_id: number;
  created_at: Timestamp;
}

export interface LoginTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Timestamp;
}

/** A signed-in staff browser (migration 0009); the cookie holds the id, this row only its SHA-256. */
export interface StaffSessionsTable {
  id_hash: string;
  user_id: number;
  method: 'link' | 'widget' | 'dev';
  created_at: Timestamp;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
  passkey_verified_at: NullableTimestamp;
  challenge: string | null;
  challenge_purpose: 'registration' | 'authentication' | null;
  challenge_expires_at: NullableTimestamp;
}

/** A staff member's WebAuthn credential (migration 0009). */
export interface StaffPasskeysTable {
  id: Generated<number>;
  user_id: number;
  /** base64url, as WebAuthn names the credential. */
  credential_id: string;
  /** COSE public key. */
  public_key: Uint8Array;
  counter: ColumnType<number, number | undefined, number>;
  transports: ColumnType<string[], string[] | undefined, string[]>;
  name: string;
  created_at: Timestamp;
  last_used_at: NullableTimestamp;
}

/** A Telegram Login Widget payload already used to sign in (migration 0011), by its signature. */
export interface UsedWidgetLoginsTable {
  hash: string;
  expires_at: Timestamp;
}

/** Something that happened, written in the transaction of the change it reports; ids and statuses only, never personal data. */
export interface OutboxEventsTable {
  id: Generated<number>;
  kind: OutboxKind;
  payload: Json<Record<string, unknown>>;
  created_at: Timestamp;
}

/** Which consumer takes which kind of event (migration 0013); written when a consumer registers. */
export interface OutboxSubscriptionsTable {
  consumer: string;
  kind: OutboxKind;
  subscribed_at: Generated<Date>;
}

/** One event on its way to one consumer, with that consumer's own retries (migration 0013). */
export interface OutboxDeliveriesTable {
  event_id: number;
  consumer: string;
  attempts: ColumnType<number, number | undefined, number>;
  next_attempt_at: Timestamp;
  delivered_at: NullableTimestamp;
  /** Set when delivery was given up (retries exhausted, or refused for good); such a delivery is never tried again. */
  failed_at: NullableTimestamp;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
}

/** One photo of an album on its way through the bot, until the album is copied as a whole (migration 0008). */
export interface BotAlbumPartsTable {
  chat_id: number;
  message_id: number;
  media_group_id: string;
  message_thread_id: number | null;
  received_at: Timestamp;
}

/** One photo of an admin's album of car photos, until the album is added as a whole (migration 0022). */
export interface BotStockPhotoPartsTable {
  chat_id: number;
  message_id: number;
  media_group_id: string;
  message_thread_id: number | null;
  sender_user_id: number;
  language: Language;
  file_id: string;
  file_size: number | null;
  mime_type: string | null;
  caption: string | null;
  received_at: Timestamp;
}

/** One stored image, named by the SHA-256 of its bytes (migration 0015): written once, never changed. */
export interface MediaBlobsTable {
  hash: string;
  content_type: 'image/jpeg' | 'image/webp';
  bytes: Uint8Array;
  size: number;
  /** Set again whenever the same bytes are stored again, so the sweep of unreferenced blobs spares a blob an upload is about to use. */
  created_at: Timestamp;
}

/** A car's uploaded photo (migration 0015); position 0 is the cover. */
export interface CarPhotosTable {
  id: Generated<string>;
  car_uuid: string;
  position: number;
  /** Pixels of the largest variant. */
  width: number;
  height: number;
  /** By width ("320", "640", …). */
  variants: Json<Record<string, CarPhotoVariant>>;
  /** Every blob the variants name, for the sweep of unreferenced blobs. */
  hashes: string[];
  created_at: Timestamp;
}

/** A photo address a stock file gave a car it created, and what became of it (migration 0027). */
export interface CarPhotoFetchesTable {
  car_uuid: string;
  position: number;
  url: string;
  outcome: ColumnType<PhotoFetchOutcome, PhotoFetchOutcome | undefined, PhotoFetchOutcome>;
  reason: PhotoFetchFailure | null;
  http_status: number | null;
  updated_at: Timestamp;
}

/** A rejection's adverse-action notice (migration 0018): its reasons, the report used and how it reached the applicant. */
export interface AdverseActionNoticesTable {
  id: Generated<number>;
  application_id: number;
  reasons: Json<AdverseActionReason[]>;
  other_reason: string | null;
  /** The consumer reporting agency only (migration 0018); the score it supplied is credit_score (0025). */
  credit_report: NullableJson<Omit<CreditReport, 'score'>>;
  credit_score: NullableJson<CreditScore>;
  language: Language;
  created_at: Timestamp;
  delivered_at: NullableTimestamp;
  delivery_channel: ColumnType<NoticeChannel | null, NoticeChannel | null | undefined, NoticeChannel | null>;
}

export interface Database {
  users: UsersTable;
  cars: CarsTable;
  favorites: FavoritesTable;
  car_views: CarViewsTable;
  car_views_per_user: CarViewsPerUserTable;
  applications: ApplicationsTable;
  application_documents: ApplicationDocumentsTable;
  application_status_history: ApplicationStatusHistoryTable;
  application_drafts: ApplicationDraftsTable;
  application_consents: ApplicationConsentsTable;
  faqs: FaqsTable;
  audit_events: AuditEventsTable;
  bot_threads: BotThreadsTable;
  bot_relayed_messages: BotRelayedMessagesTable;
  bot_album_parts: BotAlbumPartsTable;
  bot_stock_photo_parts: BotStockPhotoPartsTable;
  car_photo_fetches: CarPhotoFetchesTable;
  login_tokens: LoginTokensTable;
  staff_sessions: StaffSessionsTable;
  staff_passkeys: StaffPasskeysTable;
  used_widget_logins: UsedWidgetLoginsTable;
  outbox_events: OutboxEventsTable;
  outbox_subscriptions: OutboxSubscriptionsTable;
  outbox_deliveries: OutboxDeliveriesTable;
  media_blobs: MediaBlobsTable;
  car_photos: CarPhotosTable;
  lender_callback_signatures: LenderCallbackSignaturesTable;
  application_notes: ApplicationNotesTable;
  adverse_action_notices: AdverseActionNoticesTable;
  alert_settings: AlertSettingsTable;
  saved_searches: SavedSearchesTable;
  alert_sends: AlertSendsTable;
  deal_settings: DealSettingsTable;
  application_deals: ApplicationDealsTable;
  deal_offers: DealOffersTable;
  trade_ins: TradeInsTable;
  trade_in_photos: TradeInPhotosTable;
  trade_in_offers: TradeInOffersTable;
  trade_in_messages: TradeInMessagesTable;
  visit_settings: VisitSettingsTable;
  visits: VisitsTable;
  visit_messages_sent: VisitMessagesSentTable;
}

/**
 * A shopper's car described for an appraisal (migration 0031). payoff_encrypted seals the payoff
 * lender and amount together (PII cipher); nothing else here is sealed.
 */
export interface TradeInsTable {
  id: Generated<number>;
  user_id: number;
  status: ColumnType<TradeInStatus, TradeInStatus | undefined, TradeInStatus>;
  vin: string | null;
  year: number | null;
  make: string | null;
  model: string | null;
  trim: string | null;
  mileage: number | null;
  condition: ColumnType<TradeInCondition, string | undefined, string>;
  ownership: OwnershipKind | null;
  payoff_encrypted: string | null;
  notes: string | null;
  /** Photos the shopper sends the bot join this trade-in until then ("Send photos in the chat"). */
  chat_photos_until: NullableTimestamp;
  car_uuid: string | null;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
  submitted_at: NullableTimestamp;
  first_response_at: NullableTimestamp;
}

/** A trade-in's photo by angle, stored as a car photo is (migration 0031). */
export interface TradeInPhotosTable {
  id: Generated<string>;
  trade_in_id: number;
  angle: TradeInAngle;
  position: number;
  width: number;
  height: number;
  variants: Json<Record<string, CarPhotoVariant>>;
  hashes: string[];
  created_at: Generated<Date>;
}

/** Every offer staff sent on a trade-in (migration 0031); an open one past valid_until reads as expired. */
export interface TradeInOffersTable {
  id: Generated<number>;
  trade_in_id: number;
  amount_cents: number;
  conditions: string | null;
  status: 'open' | 'accepted' | 'declined' | 'superseded';
  valid_until: Timestamp;
  sent_by: number | null;
  sent_at: Generated<Date>;
  responded_at: NullableTimestamp;
}

/** Staff questions and the shopper's answers on a trade-in (migration 0031). */
export interface TradeInMessagesTable {
  id: Generated<number>;
  trade_in_id: number;
  author: 'staff' | 'shopper';
  author_user_id: number | null;
  text: string;
  created_at: Generated<Date>;
}

/** Every version of the dealer's deal settings, never changed once written (migration 0028). */
export interface DealSettingsTable {
  version: number;
  settings: Json<DealSettings>;
  saved_by: number | null;
  saved_at: Generated<Date>;
}

/**
 * The deal an application was submitted with (migration 0029): the applicant's choices and the quote
 * the server priced under settings_version. deal_type is the quote's type.
 */
export interface ApplicationDealsTable {
  id: Generated<number>;
  application_id: number;
  settings_version: number;
  input: Json<DealInput>;
  quote: Json<DealQuote>;
  deal_type: DealType;
  created_at: Timestamp;
}

/** The desk's offers on an application's deal, every version kept (migration 0030). */
export interface DealOffersTable {
  id: Generated<number>;
  application_id: number;
  settings_version: number;
  input: Json<DealInput>;
  terms: Json<OfferTerms>;
  quote: Json<DealQuote>;
  status: DealOfferStatus;
  sent_by: number | null;
  sent_at: Generated<Date>;
  responded_at: NullableTimestamp;
}

/** Signatures of the lender's decision callbacks of the last ten minutes, to refuse a replay (migration 0017). */
export interface LenderCallbackSignaturesTable {
  signature: string;
  received_at: Timestamp;
}

export type UserRow = Selectable<UsersTable>;
export type CarRow = Selectable<CarsTable>;
export type NewCar = Insertable<CarsTable>;
export type NewFaq = Insertable<FaqsTable>;

/** A shopper's alerts switch, and when the bot found itself blocked by them (migration 0023). */
export interface AlertSettingsTable {
  user_id: number;
  favorites_enabled: ColumnType<boolean, boolean | undefined, boolean>;
  blocked_at: NullableTimestamp;
  updated_at: Timestamp;
}

/** Catalogue filters a shopper asked to hear about (migration 0023). */
export interface SavedSearchesTable {
  id: Generated<number>;
  user_id: number;
  filters: Json<SavedSearchFilters>;
  created_at: Timestamp;
}

/** One alert message owed to a shopper; unique per shopper, car and day, and per event and shopper (migration 0023). */
export interface AlertSendsTable {
  id: Generated<number>;
  event_id: number;
  user_id: number;
  car_uuid: string;
  /** The dealer's calendar day (domain/alerts.ts alertDay), written as YYYY-MM-DD; read back, both drivers hand over a Date. */
  day: ColumnType<Date, string, string>;
  reason: AlertReason;
  saved_search_id: number | null;
  old_price: number | null;
  new_price: number;
  created_at: Timestamp;
  sent_at: NullableTimestamp;
  dropped_at: NullableTimestamp;
  dropped_reason: string | null;
}

/** Every version of the dealer's visiting hours, never changed once written (migration 0032). */
export interface VisitSettingsTable {
  version: number;
  settings: Json<VisitSettings>;
  saved_by: number | null;
  saved_at: Generated<Date>;
}

/** The deal a shopper brought to a visit, priced when they booked (docs/product/visits.md#booking). */
export interface StoredVisitDeal {
  settingsVersion: number;
  input: DealInput;
  quote: DealQuote;
}

/**
 * A test drive or a hold (migration 0032). `place` numbers the visit within its slot; a unique
 * index over booked places decides the last one. user_id is null for a visit staff booked for
 * someone who phoned.
 */
export interface VisitsTable {
  id: Generated<number>;
  user_id: number | null;
  car_uuid: string;
  type: VisitType;
  status: ColumnType<VisitStatus, VisitStatus | undefined, VisitStatus>;
  starts_at: Timestamp;
  ends_at: Timestamp;
  place: number;
  name: string;
  phone: string;
  email: string | null;
  note: string | null;
  language: Language;
  channel: 'telegram' | 'email' | 'none';
  deal: ColumnType<StoredVisitDeal | null, string | null, string | null>;
  booked_by: VisitActor;
  booked_by_user_id: number | null;
  cancelled_by: VisitActor | null;
  cancelled_at: NullableTimestamp;
  outcome_at: NullableTimestamp;
  car_gone_at: NullableTimestamp;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

/**
 * Each message a shopper got about a visit, once per start (migration 0032); a move once per move,
 * under the id of the outbox event that carries it, 0 for every other message (migration 0033).
 */
export interface VisitMessagesSentTable {
  visit_id: number;
  message: VisitMessageKind;
  starts_at: Timestamp;
  event_id: Generated<number>;
  sent_at: Generated<Date>;
}
