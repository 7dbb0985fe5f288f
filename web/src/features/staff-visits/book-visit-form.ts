import { get, set, type FieldErrors, type Resolver } from 'react-hook-form';
import * as v from 'valibot';
import { getFieldErrors } from '../../../../domain/contracts/errors.ts';
import { visitBookingSchema, type VisitBooking, type VisitType } from '../../../../domain/visits/visit.schema.ts';

/** A booking for a shopper who phoned, as the form holds it: the fields of POST /api/visits, the deal left out. */
export interface BookVisitForm {
  carUuid: string;
  type: VisitType;
  start: string;
  name: string;
  phone: string;
  email: string;
  note: string;
}

export const EMPTY_BOOKING: BookVisitForm = { carUuid: '', type: 'test_drive', start: '', name: '', phone: '', email: '', note: '' };

/** The message for a car not chosen yet: the schema's own speaks of a uuid, which staff never see. */
export const CHOOSE_A_CAR = 'Choose a car.';

/** The fields in page order, which the error summary follows. */
export const BOOKING_FIELDS = ['carUuid', 'type', 'start', 'name', 'phone', 'email', 'note'] as const satisfies ReadonlyArray<
  keyof BookVisitForm
>;

const isField = (path: string): path is keyof BookVisitForm => (BOOKING_FIELDS as readonly string[]).includes(path);

/** The form judged by the schema the API judges with; what passes is the booking to send. */
export const bookVisitResolver: Resolver<BookVisitForm, unknown, VisitBooking> = (values) => {
  const result = v.safeParse(visitBookingSchema, { ...values, deal: null });
  const errors: FieldErrors<BookVisitForm> = {};
  if (values.carUuid === '') errors.carUuid = { type: 'validation', message: CHOOSE_A_CAR };
  for (const [path, message] of Object.entries(result.success ? {} : getFieldErrors(result.issues))) {
    const key = isField(path) ? path : 'root.other';
    if (get(errors, key) === undefined) set(errors, key, { type: 'validation', message });
  }
  if (result.success && Object.keys(errors).length === 0) return { values: result.output, errors: {} };
  return { values: {}, errors };
};
