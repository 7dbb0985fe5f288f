import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { Controller, FormProvider, useForm, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { carTitle } from '../../../../domain/cars.ts';
import type { InventoryListItem } from '../../../../domain/contracts/inventory.ts';
import { applyPhoneMask } from '../../../../domain/masks.ts';
import { localDateOf } from '../../../../domain/visits/visit-slots.ts';
import { VISIT_TYPES, type VisitBooking } from '../../../../domain/visits/visit.schema.ts';
import { ErrorSummary, type ErrorSummaryItem } from '../../components/form/error-summary.tsx';
import { ListError, ListLoading } from '../../components/list-state.tsx';
import { EditField } from '../../components/staff/edit-field.tsx';
import { SubmitBar } from '../../components/staff/submit-bar.tsx';
import { toast } from '../../components/toasts.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { serverText } from '../../lib/i18n.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { isMfaRequired } from '../../lib/staff/passkey-errors.ts';
import { formatVisitTime, VISIT_TYPE_LABELS } from '../../lib/staff/visits.ts';
import { useBookVisitForCaller } from './api/book-visit.ts';
import { useAvailableCars } from './api/find-cars.ts';
import { BOOKING_FIELDS, bookVisitResolver, EMPTY_BOOKING, type BookVisitForm } from './book-visit-form.ts';
import { SlotSelect } from './slot-select.tsx';
import './staff-visits.css';

const FIELD_LABELS: Record<keyof BookVisitForm, string> = {
  carUuid: 'Car',
  type: 'Kind of visit',
  start: 'Date and time',
  name: 'Name',
  phone: 'Phone',
  email: 'Email',
  note: 'Note',
};

const fieldId = (name: keyof BookVisitForm) => `book-visit-${name}`;

function useError(name: keyof BookVisitForm): string | undefined {
  const { i18n } = useLingui();
  const { errors } = useFormState<BookVisitForm>({ name });
  const message = errors[name]?.message;
  return message ? serverText(i18n, message) : undefined;
}

/** The cars on sale, found by VIN, stock number, make or model, one to choose; the chosen one stays in the list while staff search on. */
function CarPicker() {
  const { i18n } = useLingui();
  const { register, setValue } = useFormContext<BookVisitForm>();
  const chosenUuid = useWatch<BookVisitForm, 'carUuid'>({ name: 'carUuid' });
  const error = useError('carUuid');
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<InventoryListItem | null>(null);
  const cars = useAvailableCars(search);
  const found = cars.data?.items ?? [];
  const offered = chosen && !found.some((car) => car.uuid === chosen.uuid) ? [chosen, ...found] : found;
  const radio = register('carUuid', {
    onChange: () => setValue('start', ''),
  });
  return (
    <fieldset
      className="book-visit__cars"
      aria-invalid={error !== undefined}
      aria-describedby={error ? `${fieldId('carUuid')}-error` : undefined}
    >
      <legend>{i18n._('Car')}</legend>
      <EditField
        id="book-visit-car-search"
        label={i18n._('Find a car')}
        hint={i18n._('VIN, stock number, make or model')}
        error={undefined}
      >
        {(control) => <input {...control} type="search" value={search} onChange={(event) => setSearch(event.target.value)} />}
      </EditField>
      {cars.isPending ? <ListLoading /> : null}
      {cars.isError ? <ListError error={cars.error} onRetry={() => void cars.refetch()} /> : null}
      {cars.data && offered.length === 0 ? <p>{i18n._('No car on sale matches this search.')}</p> : null}
      {offered.map((car, index) => (
        <label key={car.uuid} className="filters__check">
          <input
            {...radio}
            id={index === 0 ? fieldId('carUuid') : undefined}
            type="radio"
            value={car.uuid}
            checked={chosenUuid === car.uuid}
            onChange={(event) => {
              setChosen(car);
              void radio.onChange(event);
            }}
          />
          <span>{car.stockNumber ? `${carTitle(car)} · ${i18n._('Stock #{number}', { number: car.stockNumber })}` : carTitle(car)}</span>
        </label>
      ))}
      {error ? (
        <p id={`${fieldId('carUuid')}-error`} className="edit-field__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

function TypeChoice() {
  const { i18n } = useLingui();
  const { register, setValue } = useFormContext<BookVisitForm>();
  // A hold may take fewer times than a test drive: the time is chosen again.
  const radio = register('type', { onChange: () => setValue('start', '') });
  return (
    <fieldset className="book-visit__cars">
      <legend>{i18n._(FIELD_LABELS.type)}</legend>
      {VISIT_TYPES.map((type) => (
        <label key={type} className="filters__check">
          <input {...radio} id={type === 'test_drive' ? fieldId('type') : undefined} type="radio" value={type} />
          <span>{i18n._(VISIT_TYPE_LABELS[type])}</span>
        </label>
      ))}
      <p className="edit-field__hint">{i18n._('A hold keeps the car for the shopper until the visit ends, at most 48 hours from now.')}</p>
    </fieldset>
  );
}

function TimeChoice() {
  const { i18n } = useLingui();
  const carUuid = useWatch<BookVisitForm, 'carUuid'>({ name: 'carUuid' });
  const type = useWatch<BookVisitForm, 'type'>({ name: 'type' });
  const error = useError('start');
  return (
    <EditField id={fieldId('start')} label={i18n._(FIELD_LABELS.start)} error={error}>
      {(control) =>
        carUuid === '' ? (
          <p className="edit-field__hint">{i18n._('Choose a car first: its free times show here.')}</p>
        ) : (
          <Controller<BookVisitForm, 'start'>
            name="start"
            render={({ field }) => (
              <SlotSelect
                carUuid={carUuid}
                type={type}
                control={control}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
              />
            )}
          />
        )
      }
    </EditField>
  );
}

function TextField({
  name,
  optional = false,
  multiline = false,
}: {
  name: 'name' | 'email' | 'note';
  optional?: boolean;
  multiline?: boolean;
}) {
  const { i18n } = useLingui();
  const { register } = useFormContext<BookVisitForm>();
  return (
    <EditField id={fieldId(name)} label={i18n._(FIELD_LABELS[name])} optional={optional} error={useError(name)}>
      {(control) =>
        multiline ? (
          <textarea {...control} {...register(name)} rows={3} />
        ) : (
          <input {...control} {...register(name)} type={name === 'email' ? 'email' : 'text'} autoComplete="off" />
        )
      }
    </EditField>
  );
}

function PhoneField() {
  const { i18n } = useLingui();
  return (
    <EditField id={fieldId('phone')} label={i18n._(FIELD_LABELS.phone)} error={useError('phone')}>
      {(control) => (
        <Controller<BookVisitForm, 'phone'>
          name="phone"
          render={({ field }) => (
            <input
              {...control}
              ref={field.ref}
              name={field.name}
              value={field.value}
              onBlur={field.onBlur}
              onChange={(event) => field.onChange(applyPhoneMask(event.target.value))}
              type="tel"
              inputMode="tel"
              autoComplete="off"
              placeholder="(000) 000-0000"
            />
          )}
        />
      )}
    </EditField>
  );
}

function BookingErrorSummary({ focusToken }: { focusToken: number }) {
  const { i18n } = useLingui();
  const { errors } = useFormState<BookVisitForm>();
  const items: ErrorSummaryItem[] = BOOKING_FIELDS.flatMap((name) => {
    const message = errors[name]?.message;
    return message ? [{ key: name, fieldId: fieldId(name), text: `${i18n._(FIELD_LABELS[name])}: ${serverText(i18n, message)}` }] : [];
  });
  const other = errors.root?.other?.message;
  if (other) items.push({ key: 'other', fieldId: fieldId('carUuid'), text: serverText(i18n, other) });
  return <ErrorSummary titleId="book-visit-errors-title" heading="h3" items={items} focusToken={focusToken} />;
}

/**
 * `/dashboard/visits/new` (docs/product/visits.md#staff-calendar): a visit booked for a shopper who
 * phoned, on a car on sale, at one of its free times; the calendar opens at its day afterwards.
 */
export function BookVisitPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._('Book for a caller'));
  const navigate = useNavigate();
  const book = useBookVisitForCaller();
  const [summaryToken, setSummaryToken] = useState(0);
  const form = useForm<BookVisitForm, unknown, VisitBooking>({
    resolver: bookVisitResolver,
    defaultValues: EMPTY_BOOKING,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    shouldFocusError: false,
  });

  const refuse = (error: unknown) => {
    if (error instanceof ApiError) {
      const atField = (name: keyof BookVisitForm, message: string) => {
        form.setError(name, { type: 'server', message });
        setSummaryToken((token) => token + 1);
      };
      switch (error.code) {
        case 'slot_full':
          form.setValue('start', '');
          return atField('start', i18n._('That time was just taken: choose another.'));
        case 'car_on_hold':
          return atField('carUuid', i18n._('This car is on hold for another shopper: choose another car.'));
        case 'car_unavailable':
          return atField('carUuid', i18n._('This car can no longer be booked: choose another car.'));
        default:
          break;
      }
      const fields = Object.entries(error.fields ?? {}).filter(([name]) => (BOOKING_FIELDS as readonly string[]).includes(name));
      if (fields.length > 0) {
        for (const [name, message] of fields) form.setError(name as keyof BookVisitForm, { type: 'server', message });
        setSummaryToken((token) => token + 1);
        return;
      }
    }
    if (isMfaRequired(error)) return;
    toast.error(i18n._('The visit could not be booked. Please try again.'));
  };

  const submit = form.handleSubmit(
    (booking) =>
      book.mutate(booking, {
        onSuccess: (visit) => {
          toast.success(
            i18n._('Booked for {name}: {time}.', {
              name: visit.name,
              time: formatVisitTime(visit.start, visit.end, i18n.locale, visit.timeZone),
            }),
          );
          void navigate(`/dashboard/visits?date=${localDateOf(new Date(visit.start), visit.timeZone)}`);
        },
        onError: refuse,
      }),
    () => setSummaryToken((token) => token + 1),
  );

  return (
    <section aria-labelledby="book-visit-title">
      <p>
        <Link to="/dashboard/visits">← {i18n._('Back to the visits')}</Link>
      </p>
      <h2 id="book-visit-title">{i18n._('Book for a caller')}</h2>
      <p className="edit-field__hint">
        {i18n._('For a shopper who phoned: they hear of it by email if you give one, otherwise only from you.')}
      </p>
      <FormProvider {...form}>
        <BookingErrorSummary focusToken={summaryToken} />
        <form className="book-visit__form" noValidate aria-labelledby="book-visit-title" onSubmit={(event) => void submit(event)}>
          <CarPicker />
          <TypeChoice />
          <TimeChoice />
          <TextField name="name" />
          <PhoneField />
          <TextField name="email" optional />
          <TextField name="note" optional multiline />
          <SubmitBar label={i18n._('Book the visit')} busy={book.isPending} />
        </form>
      </FormProvider>
    </section>
  );
}
