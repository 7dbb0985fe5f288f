import { carTitle } from './cars.ts';
import { formatMoment } from './date-time.ts';
import { regBDueAt } from './regulation-b.ts';

/** What a receipt says about the application: its number, when it arrived and the car chosen. */
export interface ReceiptFacts {
  applicationId: number;
  submittedAt: Date;
  car: { year: number; brand: string; model: string; trim: string | null } | null;
  /** The dealer's name, as the receipt thanks them by it. */
  dealer: string;
  /** The dealer's zone (TIMEZONE): the decision date reads as staff read it. */
  timeZone: string;
  language: string;
}

type Translate = (id: string, values?: Record<string, unknown>) => string;

/**
 * The receipt an applicant gets on submitting, by email (a web applicant) or from the bot (a
 * Telegram one), one paragraph each: the reference, the car, what happens next and the Regulation B
 * decision date. Nothing personal or financial: a forwarded receipt reveals nothing.
 */
export function applicationReceipt(facts: ReceiptFacts, t: Translate): string[] {
  const { applicationId: id, car, dealer } = facts;
  const date = formatMoment(regBDueAt(facts.submittedAt), facts.language, facts.timeZone);
  const carName = car && carTitle(car);
  return [
    t('Thank you for applying with {dealer}. We received your credit application #{id} and will review it soon.', { dealer, id }),
    ...(carName ? [t('Your chosen car: {car}.', { car: carName })] : []),
    t('Our team is reviewing your application. We may contact you if we need anything else.'),
    t('We will tell you our decision by {date}.', { date }),
  ];
}
