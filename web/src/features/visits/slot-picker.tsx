import { useLingui } from '@lingui/react';
import { useState } from 'react';
import type { VisitSlot, VisitSlotsAnswer } from '../../../../domain/contracts/visits.ts';
import { localDateOf } from '../../../../domain/visits/visit-slots.ts';
import { holdFits } from '../../../../domain/visits/visit-rules.ts';
import type { VisitType } from '../../../../domain/visits/visit.schema.ts';
import { useVisitFormat } from './visit-format.ts';

/**
 * The slots a shopper may pick for a visit of this type: those with a place left, and for a hold
 * only those that end within HOLD_MAX_HOURS of now (docs/product/visits.md#holds).
 */
export function offeredSlots(slots: readonly VisitSlot[], type: VisitType, now: Date): VisitSlot[] {
  return slots.filter((slot) => slot.placesLeft > 0 && (type !== 'hold' || holdFits(new Date(slot.end), now)));
}

interface SlotPickerProps {
  idPrefix: string;
  answer: VisitSlotsAnswer;
  type: VisitType;
  /** The chosen start, or null. */
  value: string | null;
  onChange: (start: string) => void;
  /** Already translated. */
  error: string | undefined;
}

/**
 * Day chips, then the free times of the chosen day, on the dealer's clock with its zone said once
 * above them (docs/product/visits.md#booking). Both are radio groups: arrow keys move within one.
 * The time group carries `${idPrefix}-start`, which an error summary links to.
 */
export function SlotPicker({ idPrefix, answer, type, value, onChange, error }: SlotPickerProps) {
  const { i18n } = useLingui();
  const format = useVisitFormat(answer.timeZone);
  const slots = offeredSlots(answer.slots, type, new Date());
  const dayOf = (slot: VisitSlot) => localDateOf(new Date(slot.start), answer.timeZone);
  const days = [...new Set(slots.map(dayOf))];
  const chosen = slots.find((slot) => slot.start === value);
  // A day chip picked while this time was chosen; a time chosen since (a next free slot offered
  // after a refusal among them) shows its own day.
  const [picked, setPicked] = useState<{ day: string; whileChosen: string | null } | null>(null);
  const day = picked && picked.whileChosen === value && days.includes(picked.day) ? picked.day : chosen ? dayOf(chosen) : (days[0] ?? null);

  if (slots.length === 0 || day === null) {
    return (
      <p className="visit-slots__none" role="status">
        {type === 'hold'
          ? i18n._('No time within the next 48 hours is free for a hold. Book a test drive instead, or try again later.')
          : i18n._('No free times are left to book online. Please try again later or contact us.')}
      </p>
    );
  }

  const zoneId = `${idPrefix}-zone`;
  const errorId = `${idPrefix}-start-error`;
  return (
    <div className="visit-slots">
      <p id={zoneId} className="visit-slots__zone">
        {format.zoneNote(slots[0]!.start)}
      </p>
      <fieldset className="visit-slots__group" aria-describedby={zoneId}>
        <legend className="visit-slots__legend">{i18n._('Day')}</legend>
        <div className="visit-chips">
          {days.map((each) => (
            <label key={each} className="visit-chip">
              <input
                type="radio"
                className="visit-chip__input"
                name={`${idPrefix}-day`}
                value={each}
                checked={each === day}
                onChange={() => setPicked({ day: each, whileChosen: value })}
              />
              <span>{format.day(each)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset
        id={`${idPrefix}-start`}
        tabIndex={-1}
        className={error ? 'visit-slots__group visit-slots__group--invalid' : 'visit-slots__group'}
        aria-describedby={error ? `${zoneId} ${errorId}` : zoneId}
        aria-invalid={error ? true : undefined}
      >
        <legend className="visit-slots__legend">{i18n._('Time')}</legend>
        <div className="visit-chips">
          {slots
            .filter((slot) => dayOf(slot) === day)
            .map((slot) => (
              <label key={slot.start} className="visit-chip visit-chip--time">
                <input
                  type="radio"
                  className="visit-chip__input"
                  name={`${idPrefix}-time`}
                  value={slot.start}
                  checked={slot.start === value}
                  onChange={() => onChange(slot.start)}
                />
                <span>{format.time(slot.start)}</span>
              </label>
            ))}
        </div>
        {error ? (
          <p id={errorId} className="field__error">
            {error}
          </p>
        ) : null}
      </fieldset>
    </div>
  );
}

/**
 * After a refusal because the last place went to someone else (slot_full): the next free times
 * the server named, each a button that chooses it.
 */
export function NextSlots({
  slots,
  timeZone,
  value,
  onChoose,
}: {
  slots: readonly VisitSlot[];
  timeZone: string;
  value: string | null;
  onChoose: (start: string) => void;
}) {
  const { i18n } = useLingui();
  const format = useVisitFormat(timeZone);
  return (
    <div className="notice notice--error">
      <p>{i18n._('Someone has just taken the last place at this time.')}</p>
      {slots.length > 0 ? (
        <>
          <p>{i18n._('Choose one of the next free times, then confirm again:')}</p>
          <div className="visit-chips">
            {slots.map((slot) => (
              <button
                key={slot.start}
                type="button"
                className="visit-chip visit-chip--button"
                aria-pressed={slot.start === value}
                onClick={() => onChoose(slot.start)}
              >
                {format.moment(slot.start, 'compact')}
              </button>
            ))}
          </div>
        </>
      ) : (
        <p>{i18n._('Choose another time below.')}</p>
      )}
    </div>
  );
}
