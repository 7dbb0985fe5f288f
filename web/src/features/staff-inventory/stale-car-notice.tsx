import { useLingui } from '@lingui/react';
import { useEffect, useRef } from 'react';
import type { InventoryCar } from '../../../../domain/contracts/inventory.ts';
import { carSpecLabel, carSpecLabels, listingStateLabels, type CarListingState } from '../../../../domain/enums.ts';
import type { CarWrite } from '../../../../domain/inventory.schema.ts';
import { EMPTY } from '../../lib/staff/format.ts';
import { CAR_FIELD_LABELS, CAR_FORM_FIELDS } from './car-form-values.ts';

/** An edit the server refused as stale: what this editor changed, the car as it is now, and the car the edit started from. */
export interface StaleEdit {
  mine: Partial<CarWrite>;
  theirs: InventoryCar;
  loaded: InventoryCar;
}

interface StaleCarNoticeProps {
  stale: StaleEdit;
  busy: boolean;
  onLoadTheirs: () => void;
  onOverwrite: () => void;
}

/**
 * "Someone else changed this car": the fields either side touched, yours beside theirs, so that
 * staff reload knowingly or overwrite knowingly; two editors never overwrite each other silently.
 */
export function StaleCarNotice({ stale, busy, onLoadTheirs, onOverwrite }: StaleCarNoticeProps) {
  const { i18n } = useLingui();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), [stale]);
  const shown = (field: keyof CarWrite, value: string | number | boolean | string[] | null | undefined): string => {
    if (value === null || value === undefined || value === '') return EMPTY;
    if (Array.isArray(value)) return value.length === 0 ? EMPTY : value.join(', ');
    if (typeof value === 'boolean') return value ? i18n._('Yes') : i18n._('No');
    if (field === 'listingState') return i18n._(listingStateLabels[value as CarListingState]);
    if (field === 'bodyStyle') return i18n._(carSpecLabels.bodyStyle[value as keyof typeof carSpecLabels.bodyStyle]);
    if (field === 'transmission' || field === 'drivetrain' || field === 'fuelType') {
      const label = carSpecLabel(field, String(value));
      return label ? i18n._(label) : String(value);
    }
    return String(value);
  };
  const differs = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);
  const rows = CAR_FORM_FIELDS.filter((field) => field in stale.mine || differs(stale.theirs[field], stale.loaded[field]));
  return (
    <div ref={box} className="notice notice--error stale-car" role="alert" tabIndex={-1} aria-labelledby="stale-car-title">
      <h3 id="stale-car-title">{i18n._('Someone else changed this car')}</h3>
      <p>{i18n._('Their changes were saved after you opened this page. Yours are not saved yet.')}</p>
      <table className="data-table stale-car__table">
        <thead>
          <tr>
            <th scope="col">{i18n._('Field')}</th>
            <th scope="col">{i18n._('Your value')}</th>
            <th scope="col">{i18n._('Their value')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((field) => (
            <tr key={field}>
              <th scope="row">{i18n._(CAR_FIELD_LABELS[field])}</th>
              <td>{shown(field, field in stale.mine ? stale.mine[field] : stale.loaded[field])}</td>
              <td>{shown(field, stale.theirs[field])}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="button-row">
        <button type="button" className="button button--secondary" onClick={onLoadTheirs}>
          {i18n._('Load their version (drop my changes)')}
        </button>
        <button type="button" className="button button--danger" disabled={busy} aria-busy={busy || undefined} onClick={onOverwrite}>
          {i18n._('Save mine over theirs')}
        </button>
      </div>
    </div>
  );
}
