import { valibotResolver } from '@hookform/resolvers/valibot';
import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { FormProvider, useForm, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import type { ConflictingCar, InventoryCar } from '../../../../domain/contracts/inventory.ts';
import { CAR_BODY_STYLES, CAR_CONDITIONS, carConditionLabels, carSpecLabels, listingStateLabels } from '../../../../domain/enums.ts';
import { LISTING_STATES, type CarWrite, type CarWriteField } from '../../../../domain/inventory.schema.ts';
import { decodeVin } from '../../../../domain/vin-decode.ts';
import { checkVin, normalizeVin, VIN_LENGTH } from '../../../../domain/vin.ts';
import { ErrorSummary } from '../../components/form/error-summary.tsx';
import { toast } from '../../components/toasts.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { serverText } from '../../lib/i18n.ts';
import { useCreateInventoryCar } from './api/create-inventory-car.ts';
import { inventoryCarQuery } from './api/get-inventory-car.ts';
import { useUpdateInventoryCar } from './api/update-inventory-car.ts';
import { CarCheckbox, CarField, CarSelect, CarTextarea, CarTextInput } from './car-fields.tsx';
import {
  CAR_FIELD_LABELS,
  CAR_FORM_FIELDS,
  carFormSchema,
  changedFields,
  fieldId,
  toFormValues,
  yearFromVin,
  type CarFormValues,
} from './car-form-values.ts';
import { StaleCarNotice, type StaleEdit } from './stale-car-notice.tsx';

const FORM_ID = 'car-form';
type Duplicate = { field: 'vin' | 'stockNumber'; car: ConflictingCar };

/** The list of what to fix, above the form; it takes focus when Save finds errors (as the wizard's does). */
function CarErrorSummary({ focusToken }: { focusToken: number }) {
  const { i18n } = useLingui();
  const { errors } = useFormState<CarFormValues>();
  const open = CAR_FORM_FIELDS.flatMap((name) => {
    const message = errors[name]?.message;
    return typeof message === 'string' && message !== ''
      ? [{ key: name, fieldId: fieldId(name), text: `${i18n._(CAR_FIELD_LABELS[name])}: ${i18n._(message)}` }]
      : [];
  });
  return <ErrorSummary titleId="car-errors-title" heading="h3" items={open} focusToken={focusToken} />;
}

/**
 * The VIN, checked as it is typed with the domain's own rule (49 CFR 565 check digit), the year
 * filled from its 10th character when only one model year can be meant, and the make from its
 * manufacturer code where the domain's table knows it (domain/vin-decode.ts).
 */
function VinField({ duplicate }: { duplicate: Duplicate | null }) {
  const { i18n } = useLingui();
  const { register, setValue, getValues, formState } = useFormContext<CarFormValues>();
  const vin = normalizeVin(useWatch<CarFormValues, 'vin'>({ name: 'vin' }));
  const filledYear = useRef<string | null>(null);
  const filledMake = useRef<string | null>(null);
  const problem = vin === '' ? null : checkVin(vin);
  const live =
    vin === ''
      ? i18n._('17 letters and digits; the 9th is a check digit.')
      : problem?.code === 'length' && vin.length < VIN_LENGTH && /^[A-Z0-9]*$/.test(vin)
        ? i18n._('{count} of 17 characters', { count: vin.length })
        : problem
          ? serverText(i18n, problem.message)
          : i18n._('The check digit matches.');
  // Only an empty field, or one filled here before, is replaced: what staff typed is theirs to keep.
  const fill = (name: 'year' | 'brand', value: string | null, filled: { current: string | null }) => {
    const current = getValues(name);
    if (value === null || (current !== '' && current !== filled.current)) return;
    filled.current = value;
    setValue(name, value, { shouldValidate: formState.isSubmitted, shouldDirty: true });
  };
  const fillFromVin = (typed: string) => {
    const year = yearFromVin(typed);
    fill('year', year === null ? null : String(year), filledYear);
    fill('brand', decodeVin(typed)?.make ?? null, filledMake);
  };
  return (
    <CarField
      name="vin"
      hint={
        <>
          <p className={problem && problem.code !== 'length' ? 'vin-check vin-check--problem' : 'vin-check'} role="status">
            {live}
          </p>
          {duplicate?.field === 'vin' ? <OtherCar car={duplicate.car} /> : null}
        </>
      }
    >
      {(control) => (
        <input
          {...control}
          {...register('vin', { onChange: (event: { target: { value: string } }) => fillFromVin(event.target.value) })}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={VIN_LENGTH + 3}
        />
      )}
    </CarField>
  );
}

/** The car a duplicate VIN or stock number belongs to, as a link to it. */
function OtherCar({ car }: { car: ConflictingCar }) {
  const { i18n } = useLingui();
  return (
    <p className="edit-field__hint">
      {i18n._('Already used by:')}{' '}
      <Link to={`/dashboard/inventory/${car.uuid}`}>
        {car.title} ({i18n._('stock {stock}', { stock: car.stockNumber })})
      </Link>
    </p>
  );
}

function StockNumberField({ duplicate }: { duplicate: Duplicate | null }) {
  const { register } = useFormContext<CarFormValues>();
  return (
    <CarField name="stockNumber" hint={duplicate?.field === 'stockNumber' ? <OtherCar car={duplicate.car} /> : undefined}>
      {(control) => <input {...control} {...register('stockNumber')} type="text" autoComplete="off" autoCapitalize="characters" />}
    </CarField>
  );
}

/** A datalist of the spec vocabulary (domain/enums.ts carSpecLabels): staff may still type the dealer's own words. */
function SpecSuggestions({ field }: { field: 'transmission' | 'drivetrain' | 'fuelType' }) {
  const { i18n } = useLingui();
  const labels: Readonly<Record<string, string>> = carSpecLabels[field];
  return (
    <datalist id={`car-${field}-suggestions`}>
      {Object.entries(labels).map(([value, label]) => (
        <option key={value} value={value} label={i18n._(label)} />
      ))}
    </datalist>
  );
}

/**
 * Every write field of a car, judged by the same schema as the API (carWriteSchema). A new car is
 * created and its page opened; an edit sends the changed fields with the version it was made on,
 * and a stale one says who won and lets staff choose (docs/product/inventory.md#inventory).
 */
export function CarForm({ car }: { car: InventoryCar | null }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useCreateInventoryCar();
  const update = useUpdateInventoryCar();
  const values = useMemo(() => toFormValues(car), [car]);
  const form = useForm<CarFormValues, unknown, CarWrite>({
    resolver: valibotResolver(carFormSchema),
    values,
    // The car is asked again after a photo changes (for its version): what staff typed meanwhile stays.
    resetOptions: { keepDirtyValues: true },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // The error summary takes focus, as the wizard's does; the library would move it on to the first field.
    shouldFocusError: false,
  });
  const [summaryToken, setSummaryToken] = useState(0);
  const [stale, setStale] = useState<StaleEdit | null>(null);
  const [duplicate, setDuplicate] = useState<Duplicate | null>(null);

  const refuse = (error: unknown, patch: Partial<CarWrite>) => {
    if (!(error instanceof ApiError)) throw error;
    if (error.code === 'stale_version' && error.conflict.current && car) {
      setStale({ mine: patch, theirs: error.conflict.current, loaded: car });
      return;
    }
    if ((error.code === 'duplicate_vin' || error.code === 'duplicate_stock_number') && error.conflict.otherCar) {
      const field = error.code === 'duplicate_vin' ? 'vin' : 'stockNumber';
      setDuplicate({ field, car: error.conflict.otherCar });
      form.setError(field, { message: field === 'vin' ? 'Another car has this VIN.' : 'Another car has this stock number.' });
      setSummaryToken((token) => token + 1);
      return;
    }
    if (error.fields && Object.keys(error.fields).length > 0) {
      for (const [name, message] of Object.entries(error.fields)) {
        if ((CAR_FORM_FIELDS as readonly string[]).includes(name)) form.setError(name as CarWriteField, { message });
      }
      setSummaryToken((token) => token + 1);
      return;
    }
    toast.error(i18n._('The car could not be saved. Please try again.'));
  };

  const save = form.handleSubmit(
    async (parsed) => {
      setDuplicate(null);
      if (!car) {
        try {
          const created = await create.mutateAsync(parsed);
          toast.success(i18n._('Car added. Now add its photos.'));
          void navigate(`/dashboard/inventory/${created.uuid}`, { replace: true });
        } catch (error) {
          refuse(error, parsed);
        }
        return;
      }
      const patch = changedFields(parsed, car);
      if (Object.keys(patch).length === 0) {
        toast.success(i18n._('Nothing has changed.'));
        return;
      }
      try {
        await update.mutateAsync({ uuid: car.uuid, patch, version: car.version });
        toast.success(i18n._('Car saved.'));
      } catch (error) {
        refuse(error, patch);
      }
    },
    () => setSummaryToken((token) => token + 1),
  );

  const overwrite = async () => {
    if (!stale) return;
    try {
      await update.mutateAsync({ uuid: stale.theirs.uuid, patch: stale.mine, version: stale.theirs.version });
      setStale(null);
      toast.success(i18n._('Car saved over the other change.'));
    } catch (error) {
      setStale(null);
      refuse(error, stale.mine);
    }
  };

  const loadTheirs = () => {
    if (!stale) return;
    queryClient.setQueryData(inventoryCarQuery(stale.theirs.uuid).queryKey, stale.theirs);
    form.reset(toFormValues(stale.theirs), { keepDirtyValues: false });
    setStale(null);
  };

  const bodyStyles = [
    { value: '', label: i18n._('Not given') },
    ...CAR_BODY_STYLES.map((style) => ({ value: style, label: i18n._(carSpecLabels.bodyStyle[style]) })),
  ];
  const conditions = [
    { value: '', label: i18n._('Choose…') },
    ...CAR_CONDITIONS.map((condition) => ({ value: condition, label: i18n._(carConditionLabels[condition]) })),
  ];
  const states = LISTING_STATES.map((state) => ({ value: state, label: i18n._(listingStateLabels[state]) }));
  const busy = create.isPending || update.isPending;

  return (
    <FormProvider {...form}>
      {stale ? (
        <StaleCarNotice stale={stale} busy={update.isPending} onLoadTheirs={loadTheirs} onOverwrite={() => void overwrite()} />
      ) : null}
      <CarErrorSummary focusToken={summaryToken} />
      <form id={FORM_ID} className="car-form" noValidate onSubmit={(event) => void save(event)}>
        <fieldset className="edit-group">
          <legend>{i18n._('The car')}</legend>
          <VinField duplicate={duplicate} />
          <StockNumberField duplicate={duplicate} />
          <CarTextInput name="year" numeric />
          <CarTextInput name="brand" />
          <CarTextInput name="model" />
          <CarTextInput name="trim" optional />
          <CarSelect name="bodyStyle" options={bodyStyles} optional />
          <CarSelect name="condition" options={conditions} />
          <CarCheckbox name="certified" />
        </fieldset>
        <fieldset className="edit-group">
          <legend>{i18n._('Price and mileage')}</legend>
          <CarTextInput name="price" numeric />
          <CarTextInput name="msrp" numeric optional />
          <CarTextInput name="mileage" numeric />
        </fieldset>
        <fieldset className="edit-group">
          <legend>{i18n._('Specifications')}</legend>
          <CarTextInput name="exteriorColor" optional />
          <CarTextInput name="interiorColor" optional />
          <CarTextInput name="transmission" optional list="car-transmission-suggestions" />
          <CarTextInput name="drivetrain" optional list="car-drivetrain-suggestions" />
          <CarTextInput name="fuelType" optional list="car-fuelType-suggestions" />
          <CarTextInput name="engine" optional />
          <CarTextInput name="mpgCity" numeric optional />
          <CarTextInput name="mpgHighway" numeric optional />
          <SpecSuggestions field="transmission" />
          <SpecSuggestions field="drivetrain" />
          <SpecSuggestions field="fuelType" />
        </fieldset>
        <fieldset className="edit-group edit-group--wide">
          <legend>{i18n._('Listing')}</legend>
          <CarTextarea name="features" rows={5} />
          <CarTextarea name="description" rows={6} />
          <CarSelect name="listingState" options={states} />
        </fieldset>
        <div className="car-form__actions">
          <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined}>
            {car ? i18n._('Save car') : i18n._('Add car')}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
