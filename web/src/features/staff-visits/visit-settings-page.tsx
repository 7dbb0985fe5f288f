import { useLingui } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FormProvider, get, useForm, useFormContext, useFormState, useWatch, type FieldPath } from 'react-hook-form';
import { Link } from 'react-router';
import type { VisitSettingsAnswer } from '../../../../domain/contracts/visits.ts';
import { numberLocale } from '../../../../domain/format.ts';
import { WEEKDAYS, type VisitSettings, type Weekday } from '../../../../domain/visits/visit-settings.ts';
import { ErrorSummary } from '../../components/form/error-summary.tsx';
import { ListError, ListLoading } from '../../components/list-state.tsx';
import { EditField } from '../../components/staff/edit-field.tsx';
import { toast } from '../../components/toasts.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { serverText } from '../../lib/i18n.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { isMfaRequired } from '../../lib/staff/passkey-errors.ts';
import { formatVisitDay } from '../../lib/staff/visits.ts';
import { useVisitSettings, visitSettingsQuery } from './api/get-visit-settings.ts';
import { useSaveVisitSettings } from './api/save-visit-settings.ts';
import {
  ERROR_PATHS,
  errorKey,
  fieldId,
  messageAt,
  shownPath,
  toFormValues,
  visitSettingsResolver,
  type VisitSettingsForm,
} from './visit-settings-form.ts';
import './staff-visits.css';

type Name = FieldPath<VisitSettingsForm>;

/** A weekday's name in the reader's language ("Monday"), from a Monday of the calendar. */
function weekdayName(day: Weekday, locale: string): string {
  const monday = Date.UTC(2024, 0, 1);
  const date = new Date(monday + WEEKDAYS.indexOf(day) * 86_400_000);
  return new Intl.DateTimeFormat(numberLocale(locale), { weekday: 'long', timeZone: 'UTC' }).format(date);
}

const NUMBER_LABELS = {
  slotMinutes: 'Slot length, minutes',
  capacity: 'Visits per slot',
  minNoticeMinutes: 'Shortest notice, minutes',
  horizonDays: 'Booking horizon, days',
} as const;

const NUMBER_HINTS: Record<keyof typeof NUMBER_LABELS, string> = {
  slotMinutes: 'How long each visit lasts; slots start at opening time, one after another.',
  capacity: 'How many shoppers may come at the same time.',
  minNoticeMinutes: 'How long before its start a time may still be booked, so the car is ready.',
  horizonDays: 'How many days ahead shoppers may book.',
};

/** What an error's field is called in the summary: "Monday, Closes", "Slot length, minutes". */
function describePath(i18n: I18n, path: string): string {
  const day = /^hours\.(\w+)\.(open|close)$/.exec(path);
  if (day) {
    const field = day[2] === 'open' ? i18n._('Opens') : i18n._('Closes');
    return `${weekdayName(day[1] as Weekday, i18n.locale)}, ${field}`;
  }
  if (path === 'hours') return i18n._('Opening hours');
  if (path === 'closedDates') return i18n._('Closed dates');
  if (path in NUMBER_LABELS) return i18n._(NUMBER_LABELS[path as keyof typeof NUMBER_LABELS]);
  return i18n._('Visiting hours');
}

/** The error the form holds at `key`, in the active language. */
function useErrorAt(key: string): string | undefined {
  const { i18n } = useLingui();
  const { errors } = useFormState<VisitSettingsForm>({ name: key as Name });
  const message = messageAt(get(errors, key));
  return message === undefined ? undefined : serverText(i18n, message);
}

function TimeInput({ name, label }: { name: Name; label: string }) {
  const { register } = useFormContext<VisitSettingsForm>();
  return (
    <EditField id={fieldId(name)} label={label} error={useErrorAt(name)}>
      {(control) => <input {...control} {...register(name)} type="time" step={60} />}
    </EditField>
  );
}

function NumberInput({ name }: { name: keyof typeof NUMBER_LABELS }) {
  const { i18n } = useLingui();
  const { register } = useFormContext<VisitSettingsForm>();
  return (
    <EditField id={fieldId(name)} label={i18n._(NUMBER_LABELS[name])} hint={i18n._(NUMBER_HINTS[name])} error={useErrorAt(name)}>
      {(control) => <input {...control} {...register(name)} type="text" inputMode="numeric" autoComplete="off" />}
    </EditField>
  );
}

/** A group's own error (every day closed, the closed dates), where the error summary takes the reader. */
function GroupError({ path }: { path: 'hours' | 'closedDates' }) {
  const error = useErrorAt(`${path}.root`);
  return error ? (
    <p id={fieldId(path)} className="edit-field__error" tabIndex={-1}>
      {error}
    </p>
  ) : null;
}

/** A weekday: open or closed, and when it opens and closes. */
function DayHours({ day }: { day: Weekday }) {
  const { i18n } = useLingui();
  const { register } = useFormContext<VisitSettingsForm>();
  const isOpen = useWatch<VisitSettingsForm, `hours.${Weekday}.isOpen`>({ name: `hours.${day}.isOpen` });
  const name = weekdayName(day, i18n.locale);
  return (
    <fieldset className="visit-settings__day">
      <legend>{name}</legend>
      <div className="edit-field">
        <label className="filters__check" htmlFor={fieldId(`hours.${day}.isOpen`)}>
          <input id={fieldId(`hours.${day}.isOpen`)} type="checkbox" {...register(`hours.${day}.isOpen`)} />
          <span>{i18n._('Open')}</span>
        </label>
      </div>
      {isOpen ? (
        <>
          <TimeInput name={`hours.${day}.open`} label={i18n._('Opens')} />
          <TimeInput name={`hours.${day}.close`} label={i18n._('Closes')} />
        </>
      ) : (
        <p className="edit-field__hint">{i18n._('Closed all day.')}</p>
      )}
    </fieldset>
  );
}

/** The days the dealer is closed whatever the weekday (holidays): each with Remove, and a date to add. */
function ClosedDates() {
  const { i18n } = useLingui();
  const { setValue, clearErrors } = useFormContext<VisitSettingsForm>();
  const dates = useWatch<VisitSettingsForm, 'closedDates'>({ name: 'closedDates' });
  const [adding, setAdding] = useState('');
  const [addError, setAddError] = useState<string | undefined>();
  const replace = (next: string[]) => {
    setValue('closedDates', [...next].sort(), { shouldDirty: true });
    clearErrors('closedDates');
  };
  const add = () => {
    if (adding === '') {
      setAddError(i18n._('Choose the date to add.'));
      return;
    }
    if (dates.includes(adding)) {
      setAddError(i18n._('This date is listed already.'));
      return;
    }
    replace([...dates, adding]);
    setAdding('');
    setAddError(undefined);
  };
  return (
    <section className="visit-settings__section" aria-labelledby="visit-settings-dates-title">
      <h3 id="visit-settings-dates-title">{i18n._('Closed dates')}</h3>
      <p className="edit-field__hint">{i18n._('Days the dealer is closed whatever the weekday, such as holidays.')}</p>
      <GroupError path="closedDates" />
      {dates.length === 0 ? (
        <p>{i18n._('No closed dates.')}</p>
      ) : (
        <ul className="visit-settings__dates">
          {dates.map((date) => (
            <li key={date}>
              <span>{formatVisitDay(date, i18n.locale)}</span>
              <button
                type="button"
                className="button button--secondary"
                aria-label={i18n._('Remove {date}', { date: formatVisitDay(date, i18n.locale) })}
                onClick={() => replace(dates.filter((other) => other !== date))}
              >
                {i18n._('Remove')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="visit-settings__add-date">
        <EditField id="visit-settings-new-date" label={i18n._('Closed date')} error={addError}>
          {(control) => (
            <input
              {...control}
              type="date"
              value={adding}
              onChange={(event) => {
                setAdding(event.target.value);
                setAddError(undefined);
              }}
            />
          )}
        </EditField>
        <button type="button" className="button button--secondary" onClick={add}>
          {i18n._('Add the date')}
        </button>
      </div>
    </section>
  );
}

/** Every open error, in page order, each a link to its field. */
function SettingsErrorSummary({ focusToken }: { focusToken: number }) {
  const { i18n } = useLingui();
  const { errors } = useFormState<VisitSettingsForm>();
  const items = ERROR_PATHS.flatMap((key) => {
    const message = messageAt(get(errors, key));
    if (message === undefined) return [];
    const path = key === 'root.other' ? '' : shownPath(key);
    const text = serverText(i18n, message);
    return [
      { key, fieldId: path === '' ? fieldId('other') : fieldId(path), text: path === '' ? text : `${describePath(i18n, path)}: ${text}` },
    ];
  });
  return <ErrorSummary titleId="visit-settings-errors-title" heading="h3" items={items} focusToken={focusToken} />;
}

/** An error the form has no field for: shown above the form, where the summary's link takes the reader. */
function OtherError() {
  const { i18n } = useLingui();
  const { errors } = useFormState<VisitSettingsForm>();
  const message = errors.root?.other?.message;
  return message ? (
    <p id={fieldId('other')} className="notice notice--error" tabIndex={-1}>
      {serverText(i18n, message)}
    </p>
  ) : null;
}

/** "Someone else saved": what happened, that reloading replaces what is typed here, and the reload itself. */
function StaleNotice({ version, busy, onReload }: { version: number; busy: boolean; onReload: () => void }) {
  const { i18n } = useLingui();
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div
      ref={box}
      className="notice notice--error visit-settings__stale"
      role="alert"
      tabIndex={-1}
      aria-labelledby="visit-settings-stale-title"
    >
      <h3 id="visit-settings-stale-title">{i18n._('Someone else saved the visiting hours')}</h3>
      <p>
        {i18n._(
          'A newer version was saved after you opened version {version}, so yours was not saved. Your changes are still in the form below.',
          { version },
        )}
      </p>
      <p>
        {i18n._(
          'Reloading replaces your unsaved changes with the newest settings: note what you changed, reload, then make your changes again.',
        )}
      </p>
      <button type="button" className="button button--primary" disabled={busy} aria-busy={busy || undefined} onClick={onReload}>
        {i18n._('Reload the newest settings')}
      </button>
    </div>
  );
}

/**
 * The form, from the version it was loaded with: Save sends the whole settings with that version
 * (docs/product/visits.md#settings). Whatever is refused stays on screen.
 */
function VisitSettingsEditor({ initial }: { initial: VisitSettingsAnswer }) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const save = useSaveVisitSettings();
  const [loaded, setLoaded] = useState(initial);
  const [stale, setStale] = useState(false);
  const [reloading, setReloading] = useState(false);
  const [savedVersion, setSavedVersion] = useState<number | null>(null);
  const [summaryToken, setSummaryToken] = useState(0);
  const form = useForm<VisitSettingsForm, unknown, VisitSettings>({
    resolver: visitSettingsResolver,
    defaultValues: toFormValues(initial.settings),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // The error summary takes focus, as the wizard's does; the library would move it on to the first field.
    shouldFocusError: false,
  });

  const startFrom = (answer: VisitSettingsAnswer) => {
    setLoaded(answer);
    form.reset(toFormValues(answer.settings));
  };

  const refuse = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'stale_version') {
      setStale(true);
      return;
    }
    if (error instanceof ApiError && error.fields && Object.keys(error.fields).length > 0) {
      const values = form.getValues();
      for (const [path, message] of Object.entries(error.fields)) form.setError(errorKey(path, values), { type: 'server', message });
      setSummaryToken((token) => token + 1);
      return;
    }
    // The dashboard's passkey step opens by itself (app/dashboard/passkey-prompt.tsx); staff press Save again after it.
    if (isMfaRequired(error)) return;
    toast.error(i18n._('The visiting hours could not be saved. Your changes are still here; please try again.'));
  };

  const submit = form.handleSubmit(
    async (settings) => {
      setSavedVersion(null);
      try {
        const answer = await save.mutateAsync({ version: loaded.version, settings });
        startFrom(answer);
        setSavedVersion(answer.version);
        toast.success(i18n._('Visiting hours saved as version {version}.', { version: answer.version }));
      } catch (error) {
        refuse(error);
      }
    },
    () => setSummaryToken((token) => token + 1),
  );

  const reload = async () => {
    setReloading(true);
    try {
      startFrom(await queryClient.fetchQuery({ ...visitSettingsQuery(), staleTime: 0 }));
      setStale(false);
      setSavedVersion(null);
    } catch {
      toast.error(i18n._('The newest settings could not be loaded. Please try again.'));
    } finally {
      setReloading(false);
    }
  };

  return (
    <FormProvider {...form}>
      <p role="status" className="visit-settings__version">
        {savedVersion === null
          ? i18n._('Editing version {version}.', { version: loaded.version })
          : i18n._('Saved as version {version}. New bookings follow it; visits already booked keep their times.', {
              version: savedVersion,
            })}
      </p>
      <p className="edit-field__hint">{i18n._('Times are on the dealer’s clock, {zone}.', { zone: loaded.timeZone })}</p>
      {stale ? <StaleNotice version={loaded.version} busy={reloading} onReload={() => void reload()} /> : null}
      <SettingsErrorSummary focusToken={summaryToken} />
      <OtherError />
      <form noValidate aria-labelledby="visit-settings-title" onSubmit={(event) => void submit(event)}>
        <section className="visit-settings__section" aria-labelledby="visit-settings-hours-title">
          <h3 id="visit-settings-hours-title">{i18n._('Opening hours')}</h3>
          <GroupError path="hours" />
          {WEEKDAYS.map((day) => (
            <DayHours key={day} day={day} />
          ))}
        </section>
        <ClosedDates />
        <section className="visit-settings__section" aria-labelledby="visit-settings-slots-title">
          <h3 id="visit-settings-slots-title">{i18n._('Slots and booking')}</h3>
          <div className="visit-settings__numbers">
            <NumberInput name="slotMinutes" />
            <NumberInput name="capacity" />
            <NumberInput name="minNoticeMinutes" />
            <NumberInput name="horizonDays" />
          </div>
        </section>
        <div className="main-button-bar">
          <button type="submit" className="button button--primary" disabled={save.isPending} aria-busy={save.isPending || undefined}>
            {i18n._('Save visiting hours')}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}

/** `/dashboard/visits/settings`: when shoppers may come, edited and saved as a new version. */
export function VisitSettingsPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._('Visiting hours'));
  const settings = useVisitSettings();
  return (
    <section aria-labelledby="visit-settings-title" className="visit-settings">
      <p>
        <Link to="/dashboard/visits">← {i18n._('Back to the visits')}</Link>
      </p>
      <h2 id="visit-settings-title">{i18n._('Visiting hours')}</h2>
      <p className="edit-field__hint">
        {i18n._(
          'Shoppers book test drives and holds within these hours. Saving makes a new version; a visit already booked keeps its time.',
        )}
      </p>
      {settings.data ? (
        <VisitSettingsEditor initial={settings.data} />
      ) : settings.isError ? (
        <ListError error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <ListLoading />
      )}
    </section>
  );
}
