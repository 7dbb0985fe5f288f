import { useLingui } from '@lingui/react';
import type { VisitSlot, VisitSlotsAnswer } from '../../../../domain/contracts/visits.ts';
import { holdFits } from '../../../../domain/visits/visit-rules.ts';
import { localDateOf } from '../../../../domain/visits/visit-slots.ts';
import type { VisitType } from '../../../../domain/visits/visit.schema.ts';
import type { FieldControl } from '../../components/staff/edit-field.tsx';
import { ListError, ListLoading } from '../../components/list-state.tsx';
import { formatVisitDay, formatVisitTime } from '../../lib/staff/visits.ts';
import { useVisitSlots } from './api/get-visit-slots.ts';

/**
 * The slots a visit of this type may take: a hold only those that end within 48 hours
 * (domain/visits/visit-rules.ts holdFits), and never the time the visit already has.
 */
function offered(slots: VisitSlot[], type: VisitType, except: string | undefined, now: Date): VisitSlot[] {
  const exceptAt = except === undefined ? Number.NaN : Date.parse(except);
  return slots.filter((slot) => Date.parse(slot.start) !== exceptAt && (type !== 'hold' || holdFits(new Date(slot.end), now)));
}

/** Slots by the dealer's day, in order. */
function byDay(slots: VisitSlot[], timeZone: string): Array<{ day: string; slots: VisitSlot[] }> {
  const days = new Map<string, VisitSlot[]>();
  for (const slot of slots) {
    const day = localDateOf(new Date(slot.start), timeZone);
    days.set(day, [...(days.get(day) ?? []), slot]);
  }
  return [...days].map(([day, daySlots]) => ({ day, slots: daySlots }));
}

function UnavailableCar({ reason }: { reason: NonNullable<VisitSlotsAnswer['unavailable']> }) {
  const { i18n } = useLingui();
  return (
    <p className="notice notice--error">
      {reason === 'car_on_hold'
        ? i18n._('This car is on hold for a shopper: no time can be booked for it until the hold ends.')
        : i18n._('This car is sold or pending: no time can be booked for it.')}
    </p>
  );
}

interface SlotSelectProps {
  carUuid: string;
  type: VisitType;
  /** The start the visit has now, left out of the choice. */
  except?: string;
  control: FieldControl;
  value: string;
  onChange: (start: string) => void;
  onBlur?: () => void;
}

/** The free slots of a car as a choice grouped by day, each with its time, zone and places left. */
export function SlotSelect({ carUuid, type, except, control, value, onChange, onBlur }: SlotSelectProps) {
  const { i18n } = useLingui();
  const slots = useVisitSlots(carUuid);
  if (slots.isPending) return <ListLoading />;
  if (slots.isError) return <ListError error={slots.error} onRetry={() => void slots.refetch()} />;
  if (slots.data.unavailable) return <UnavailableCar reason={slots.data.unavailable} />;
  const { timeZone } = slots.data;
  const days = byDay(offered(slots.data.slots, type, except, new Date()), timeZone);
  if (days.length === 0) return <p className="notice">{i18n._('No free time is left for this car within the booking horizon.')}</p>;
  return (
    <select {...control} value={value} onChange={(event) => onChange(event.target.value)} onBlur={onBlur}>
      <option value="">{i18n._('Choose a time')}</option>
      {days.map(({ day, slots: daySlots }) => (
        <optgroup key={day} label={formatVisitDay(day, i18n.locale)}>
          {daySlots.map((slot) => (
            <option key={slot.start} value={slot.start}>
              {i18n._('{time} ({places, plural, one {# place left} other {# places left}})', {
                time: formatVisitTime(slot.start, slot.end, i18n.locale, timeZone),
                places: slot.placesLeft,
              })}
            </option>
          ))}
        </optgroup>
      ))}
    </select>
  );
}
