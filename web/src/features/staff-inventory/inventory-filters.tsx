import { useLingui } from '@lingui/react';
import { CAR_CONDITIONS, CAR_LISTING_STATES, carConditionLabels, listingStateLabels } from '../../../../domain/enums.ts';
import { FilterForm, TextFilter, type Filters } from '../../components/staff/filter-form.tsx';

/** A whole-number bound of a range filter (price, year, days in stock). */
function NumberFilter({ label, value, onChange }: { label: string; value: string | undefined; onChange: (value: string) => void }) {
  return (
    <label className="filters__field">
      <span>{label}</span>
      <input type="text" inputMode="numeric" pattern="[0-9]*" value={value ?? ''} onChange={(event) => onChange(event.target.value)} />
    </label>
  );
}

/** Every GET /api/inventory filter, sent together. */
export function InventoryFilters({ filters, onApply }: { filters: Filters; onApply: (filters: Filters) => void }) {
  const { i18n } = useLingui();
  return (
    <FilterForm label={i18n._('Filter cars')} filters={filters} onApply={onApply}>
      {(draft, set) => (
        <>
          <TextFilter label={i18n._('Search VIN, stock number, make or model')} value={draft.q} onChange={(value) => set('q', value)} />
          <label className="filters__field">
            <span>{i18n._('Listing state')}</span>
            <select value={draft.state ?? ''} onChange={(event) => set('state', event.target.value)}>
              <option value="">{i18n._('Any')}</option>
              {CAR_LISTING_STATES.map((state) => (
                <option key={state} value={state}>
                  {i18n._(listingStateLabels[state])}
                </option>
              ))}
            </select>
          </label>
          <label className="filters__field">
            <span>{i18n._('Condition')}</span>
            <select value={draft.condition ?? ''} onChange={(event) => set('condition', event.target.value)}>
              <option value="">{i18n._('Any')}</option>
              {CAR_CONDITIONS.map((condition) => (
                <option key={condition} value={condition}>
                  {i18n._(carConditionLabels[condition])}
                </option>
              ))}
            </select>
          </label>
          <TextFilter label={i18n._('Make')} value={draft.brand} onChange={(value) => set('brand', value)} />
          <NumberFilter label={i18n._('Price from, $')} value={draft.priceMin} onChange={(value) => set('priceMin', value)} />
          <NumberFilter label={i18n._('Price to, $')} value={draft.priceMax} onChange={(value) => set('priceMax', value)} />
          <NumberFilter label={i18n._('Year from')} value={draft.yearMin} onChange={(value) => set('yearMin', value)} />
          <NumberFilter label={i18n._('Year to')} value={draft.yearMax} onChange={(value) => set('yearMax', value)} />
          <NumberFilter label={i18n._('Days in stock from')} value={draft.daysMin} onChange={(value) => set('daysMin', value)} />
          <NumberFilter label={i18n._('Days in stock to')} value={draft.daysMax} onChange={(value) => set('daysMax', value)} />
        </>
      )}
    </FilterForm>
  );
}
