import { useLingui } from '@lingui/react';
import { Button, Input, Select, Switch } from '@telegram-apps/telegram-ui';
import { useId, useState, type FormEvent } from 'react';
import type { CarFilterData, Range } from '../../../../../domain/contracts/cars.ts';
import { CAR_CONDITION_FILTERS, carConditionFilterLabels } from '../../../../../domain/enums.ts';
import { useBrandFilters } from '../api/get-brand-filters.ts';
import {
  DEFAULT_CAR_FILTERS,
  filtersFromForm,
  formFromFilters,
  serializeCarFilters,
  type CarFilterForm,
  type CarListFilters,
} from '../car-list.ts';
import { FilterField } from './filter-field.tsx';

interface CarFiltersFormProps {
  /** The filters in the URL: what the list shows. */
  filters: CarListFilters;
  filterData: CarFilterData | undefined;
  onApply: (filters: CarListFilters) => void;
  onReset: () => void;
  /** After Apply (not after a brand change): the narrow layout folds the panel away. */
  onSubmitted?: () => void;
}

type RangeField = 'year' | 'price' | 'mileage';

/**
 * The filter form edits a draft and Apply commits all of it to the URL, the brand like the rest
 * (decision 015). Choosing a brand clears the model and brings that brand's models and ranges
 * into the form at once; on Apply the car list restarts at page 1 (docs/product/catalogue.md#catalogue).
 */
export function CarFiltersForm({ filters, filterData, onApply, onReset, onSubmitted }: CarFiltersFormProps) {
  const { i18n } = useLingui();
  const id = useId();
  const committedKey = serializeCarFilters({ ...filters, sort: 'default' }).toString();
  const [draft, setDraft] = useState<CarFilterForm>(() => formFromFilters(filters));
  const [draftKey, setDraftKey] = useState(committedKey);
  // When the URL changes under the form (Apply, Reset, back/forward), the draft follows it.
  // Adjusting state during render, rather than remounting, keeps keyboard focus where it was.
  if (draftKey !== committedKey) {
    setDraftKey(committedKey);
    setDraft(formFromFilters(filters));
  }

  const set = <K extends keyof CarFilterForm>(key: K, value: CarFilterForm[K]) => setDraft((d) => ({ ...d, [key]: value }));

  const brandData = useBrandFilters(draft.brand || undefined).data;
  const changeBrand = (brand: string) => setDraft((d) => ({ ...d, brand, model: '' }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = filtersFromForm(draft, filters.sort);
    // A value the server would reject (a year of 1800) is dropped; clearing it shows that it was.
    setDraft(formFromFilters(next));
    onApply(next);
    onSubmitted?.();
  };

  const ranges = brandData ?? filterData;
  // Certified pre-owned is offered when the catalogue lists such a car, or when a link already asks for it.
  const conditionOptions = CAR_CONDITION_FILTERS.filter(
    (condition) => condition !== 'certified' || filterData?.conditions.includes(condition) || draft.condition === condition,
  );
  const brands = filterData?.brands ?? [];
  // A brand from a shared link that is no longer in stock still has to show as chosen.
  const brandOptions = draft.brand && !brands.includes(draft.brand) ? [draft.brand, ...brands] : brands;
  const models = brandData?.models ?? [];
  const modelOptions = draft.model && !models.includes(draft.model) ? [draft.model, ...models] : models;

  const rangeInputs = (field: RangeField, label: { min: string; max: string }, range: Range | undefined) => {
    const bound = (key: `${RangeField}${'Min' | 'Max'}`, text: string, placeholder: number | undefined) => (
      <FilterField id={`${id}-${key}`} label={text}>
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={range?.min}
            max={range?.max}
            placeholder={placeholder === undefined ? undefined : String(placeholder)}
            value={draft[key]}
            onChange={(event) => set(key, event.target.value)}
          />
        )}
      </FilterField>
    );
    return (
      <div className="filter-range">
        {bound(`${field}Min`, label.min, range?.min)}
        {bound(`${field}Max`, label.max, range?.max)}
      </div>
    );
  };

  return (
    <form className="car-filters" onSubmit={submit} aria-labelledby={`${id}-title`} noValidate>
      <h2 id={`${id}-title`} className="car-filters__title">
        {i18n._('Filters')}
      </h2>
      <FilterField id={`${id}-brand`} label={i18n._('Brand')}>
        {(control) => (
          <Select {...control} value={draft.brand} onChange={(event) => changeBrand(event.target.value)}>
            <option value="">{i18n._('Any brand')}</option>
            {brandOptions.map((brand) => (
              <option key={brand} value={brand}>
                {brand}
              </option>
            ))}
          </Select>
        )}
      </FilterField>
      <FilterField id={`${id}-model`} label={i18n._('Model')}>
        {(control) => (
          <Select {...control} value={draft.model} disabled={!draft.brand} onChange={(event) => set('model', event.target.value)}>
            <option value="">{draft.brand ? i18n._('Any model') : i18n._('Choose a brand first')}</option>
            {modelOptions.map((model) => (
              <option key={model} value={model}>
                {model}
              </option>
            ))}
          </Select>
        )}
      </FilterField>
      {rangeInputs('year', { min: i18n._('Year from'), max: i18n._('Year to') }, ranges?.yearRange)}
      {rangeInputs('price', { min: i18n._('Price from, $'), max: i18n._('Price to, $') }, ranges?.priceRange)}
      {rangeInputs('mileage', { min: i18n._('Mileage from, mi'), max: i18n._('Mileage to, mi') }, ranges?.mileageRange)}
      <FilterField id={`${id}-condition`} label={i18n._('Condition')}>
        {(control) => (
          <Select
            {...control}
            value={draft.condition}
            onChange={(event) => set('condition', CAR_CONDITION_FILTERS.find((condition) => condition === event.target.value) ?? '')}
          >
            <option value="">{i18n._('Any condition')}</option>
            {conditionOptions.map((condition) => (
              <option key={condition} value={condition}>
                {i18n._(carConditionFilterLabels[condition])}
              </option>
            ))}
          </Select>
        )}
      </FilterField>
      <div className="filter-switch">
        <label id={`${id}-available-label`} htmlFor={`${id}-available`} className="filter-field__label">
          {i18n._('Available only')}
        </label>
        <Switch
          id={`${id}-available`}
          aria-labelledby={`${id}-available-label`}
          role="switch"
          checked={draft.available}
          onChange={(event) => set('available', event.target.checked)}
        />
      </div>
      <div className="car-filters__actions">
        <Button
          type="button"
          mode="outline"
          size="m"
          onClick={() => {
            // Also when the URL is already clean and only the draft was edited.
            setDraft(formFromFilters(DEFAULT_CAR_FILTERS));
            onReset();
          }}
        >
          {i18n._('Reset')}
        </Button>
        <Button type="submit" mode="filled" size="m">
          {i18n._('Apply filters')}
        </Button>
      </div>
    </form>
  );
}
