import * as v from 'valibot';
import { carUuidSchema } from '../cars.ts';
import { choiceParam, rowIdParam } from '../query-params.ts';
import { pricedDealSchema } from '../deals/deal-quote.schema.ts';
import { PUBLIC_LISTING_STATES } from '../enums.ts';
import { visitSettingsSchema } from '../visits/visit-settings.ts';
import { VISIT_ACTORS, VISIT_STATUSES, VISIT_TYPES } from '../visits/visit.schema.ts';

/**
 * The visits API's answers (docs/product/visits.md#api): free slots, the shopper's own visits, the
 * staff calendar and the dealer's visiting hours. Every time is an ISO instant; `timeZone` says in
 * which zone people read it (the dealer's TIMEZONE).
 */

const integer = v.pipe(v.number(), v.integer());

/** One slot a shopper may still book, with the places left in it. */
export const visitSlotSchema = v.strictObject({ start: v.string(), end: v.string(), placesLeft: integer });
export type VisitSlot = v.InferOutput<typeof visitSlotSchema>;

/** GET /api/visits/slots: the free slots for one car between two days, earliest first. */
export const visitSlotsAnswerSchema = v.strictObject({
  timeZone: v.string(),
  slotMinutes: integer,
  /** The car may not be booked now (sold, pending, held by another shopper): no slots, and why. */
  unavailable: v.nullable(v.picklist(['car_unavailable', 'car_on_hold'])),
  slots: v.array(visitSlotSchema),
});
export type VisitSlotsAnswer = v.InferOutput<typeof visitSlotsAnswerSchema>;

/** The car of a visit as its screens show it. */
export const visitCarSchema = v.strictObject({
  uuid: v.string(),
  title: v.string(),
  photo: v.nullable(v.string()),
  listingState: v.picklist([...PUBLIC_LISTING_STATES, 'draft', 'archived']),
  stockNumber: v.nullable(v.string()),
});
export type VisitCar = v.InferOutput<typeof visitCarSchema>;

/** A visit as the shopper sees it (their own, or through a signed link). */
export const myVisitSchema = v.strictObject({
  id: integer,
  type: v.picklist(VISIT_TYPES),
  status: v.picklist(VISIT_STATUSES),
  start: v.string(),
  end: v.string(),
  timeZone: v.string(),
  car: visitCarSchema,
  name: v.string(),
  phone: v.string(),
  email: v.nullable(v.string()),
  note: v.nullable(v.string()),
  /** The deal the shopper brought, priced when they booked. */
  deal: v.nullable(pricedDealSchema),
  /** Booked and not begun: the shopper may move or cancel it. */
  mayChange: v.boolean(),
  /** The car was sold or put on hold by staff before the visit: keep the visit for another car. */
  carGone: v.boolean(),
});
export type MyVisit = v.InferOutput<typeof myVisitSchema>;

/** GET /api/visits/mine: the shopper's visits, upcoming first, then the last few past ones. */
export const myVisitsAnswerSchema = v.strictObject({ items: v.array(myVisitSchema) });
export type MyVisitsAnswer = v.InferOutput<typeof myVisitsAnswerSchema>;

/** A visit on the staff calendar. */
export const staffVisitSchema = v.strictObject({
  ...myVisitSchema.entries,
  /** The shopper's account, null for a visit staff booked for someone who phoned. */
  userId: v.nullable(integer),
  /** How the shopper hears of it: in Telegram, by email, or not at all (staff booked with neither). */
  channel: v.picklist(['telegram', 'email', 'none']),
  bookedBy: v.picklist(VISIT_ACTORS),
  cancelledBy: v.nullable(v.picklist(VISIT_ACTORS)),
  bookedAt: v.string(),
  updatedAt: v.string(),
});
export type StaffVisit = v.InferOutput<typeof staffVisitSchema>;

/** GET /api/visits (staff): the visits of a day or a week, by time. */
export const staffVisitsAnswerSchema = v.strictObject({
  timeZone: v.string(),
  from: v.string(),
  to: v.string(),
  items: v.array(staffVisitSchema),
});
export type StaffVisitsAnswer = v.InferOutput<typeof staffVisitsAnswerSchema>;

/** GET /api/visit-settings (staff) and the answer of PUT. */
export const visitSettingsAnswerSchema = v.strictObject({
  version: integer,
  timeZone: v.string(),
  settings: visitSettingsSchema,
});
export type VisitSettingsAnswer = v.InferOutput<typeof visitSettingsAnswerSchema>;

/** PUT /api/visit-settings: the whole settings and the version they were edited from. */
export const visitSettingsSaveSchema = v.strictObject({
  version: v.pipe(v.number(), v.integer(), v.minValue(1)),
  settings: visitSettingsSchema,
});
export type VisitSettingsSave = v.InferOutput<typeof visitSettingsSaveSchema>;

const DAY_MESSAGE = (name: string) => `${name} must be a day from 1900 to 2999 written YYYY-MM-DD`;
/** A real calendar day (not 30 February), in years the database and the zone rules both keep. */
const dayParam = (name: string) =>
  v.optional(
    v.pipe(
      v.string(DAY_MESSAGE(name)),
      v.regex(/^(19|2\d)\d{2}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, DAY_MESSAGE(name)),
      v.check((day) => {
        // Checks run after a failed pattern too: text that is no date at all parses to NaN.
        const at = Date.parse(`${day}T00:00:00Z`);
        return !Number.isNaN(at) && new Date(at).toISOString().startsWith(day);
      }, DAY_MESSAGE(name)),
    ),
  );

/** GET /api/visits/slots: one car's free slots from one of the dealer's days to another (both included; default today to the horizon). */
export const visitSlotsQuerySchema = v.object({
  carUuid: carUuidSchema,
  from: dayParam('from'),
  to: dayParam('to'),
});

/**
 * GET /api/visits (staff): the visits of one of the dealer's days (`range=day`, the default) or of
 * the seven days from it (`range=week`); `date` defaults to today. Narrowed by type, car or shopper.
 */
export const staffVisitsQuerySchema = v.object({
  date: dayParam('date'),
  range: choiceParam(['day', 'week'], 'range must be day or week'),
  type: choiceParam(VISIT_TYPES, 'type must be test_drive or hold'),
  carUuid: v.optional(carUuidSchema),
  userId: v.optional(rowIdParam('userId')),
});
export type StaffVisitsQuery = v.InferOutput<typeof staffVisitsQuerySchema>;
