import type { Migration } from 'kysely';
import * as m0001 from './0001_initial.ts';
import * as m0002 from './0002_car_condition_indexes.ts';
import * as m0003 from './0003_cars_default_order_index.ts';
import * as m0004 from './0004_unattached_documents.ts';
import * as m0005 from './0005_outbox_events.ts';
import * as m0006 from './0006_submission_fingerprint.ts';
import * as m0007 from './0007_metrics.ts';
import * as m0008 from './0008_bot_delivery.ts';
import * as m0009 from './0009_staff_sessions.ts';
import * as m0010 from './0010_guest_limits.ts';
import * as m0011 from './0011_used_widget_logins.ts';
import * as m0012 from './0012_no_previous_employment.ts';
import * as m0013 from './0013_outbox_deliveries.ts';
import * as m0014 from './0014_inventory.ts';
import * as m0015 from './0015_car_photos.ts';
import * as m0016 from './0016_outbox_photo_urls.ts';
import * as m0017 from './0017_lender.ts';
import * as m0018 from './0018_adverse_action_notices.ts';
import * as m0019 from './0019_lead_work.ts';
import * as m0020 from './0020_withdraw_and_retention.ts';
import * as m0022 from './0022_bot_stock_photo_parts.ts';
import * as m0023 from './0023_telegram_alerts.ts';
import * as m0024 from './0024_stock_numbers_past_99999.ts';
import * as m0025 from './0025_notice_credit_score.ts';
import * as m0026 from './0026_erase_every_answer.ts';
import * as m0027 from './0027_car_photo_fetches.ts';
import * as m0028 from './0028_deal_settings.ts';
import * as m0029 from './0029_application_deals.ts';
import * as m0030 from './0030_deal_offers.ts';
import * as m0031 from './0031_trade_ins.ts';
import * as m0032 from './0032_visits.ts';
import * as m0033 from './0033_visit_move_messages.ts';
import * as m0034 from './0034_licence_print_copies.ts';

/** Every migration in order. Listed statically so that every runtime (tsx, Vitest, Vite) can load them. */
export const migrations: Record<string, Migration> = {
  '0001_initial': m0001,
  '0002_car_condition_indexes': m0002,
  '0003_cars_default_order_index': m0003,
  '0004_unattached_documents': m0004,
  '0005_outbox_events': m0005,
  '0006_submission_fingerprint': m0006,
  '0007_metrics': m0007,
  '0008_bot_delivery': m0008,
  '0009_staff_sessions': m0009,
  '0010_guest_limits': m0010,
  '0011_used_widget_logins': m0011,
  '0012_no_previous_employment': m0012,
  '0013_outbox_deliveries': m0013,
  '0014_inventory': m0014,
  '0015_car_photos': m0015,
  '0016_outbox_photo_urls': m0016,
  '0017_lender': m0017,
  '0018_adverse_action_notices': m0018,
  '0019_lead_work': m0019,
  '0020_withdraw_and_retention': m0020,
  '0022_bot_stock_photo_parts': m0022,
  '0023_telegram_alerts': m0023,
  '0024_stock_numbers_past_99999': m0024,
  '0025_notice_credit_score': m0025,
  '0026_erase_every_answer': m0026,
  '0027_car_photo_fetches': m0027,
  '0028_deal_settings': m0028,
  '0029_application_deals': m0029,
  '0030_deal_offers': m0030,
  '0031_trade_ins': m0031,
  '0032_visits': m0032,
  '0033_visit_move_messages': m0033,
  '0034_licence_print_copies': m0034,
};
