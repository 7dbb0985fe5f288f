import { useLingui } from '@lingui/react';
import type { I18n } from '@lingui/core';
import { useState } from 'react';
import { FormProvider, get, useFormContext, useFormState, useWatch, type FieldPath } from 'react-hook-form';
import { Link } from 'react-router';
import type { VisitSettingsAnswer } from '../../../../domain/contracts/visits.ts';
import { numberLocale } from '../../../../domain/format.ts';
import { WEEKDAYS, type Weekday } from '../../../../domain/visits/visit-settings.ts';
import { ErrorSummary } from '../../components/form/error-summary.tsx';
import { ListError, ListLoading } from '../../components/list-state.tsx';
import { EditField } from '../../components/staff/edit-field.tsx';
import { SettingsVersion, StaleSettingsNotice, UnnamedError, useVersionedSettings } from '../../components/staff/settings-save.tsx';
import { SubmitBar } from '../../components/staff/submit-bar.tsx';
import { serverText } from '../../lib/i18n.ts';
import { usePageTitle } from '../../lib/page-title.ts';
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

/**
 * The form, from the version it was loaded with: Save sends the whole settings with that version
 * (docs/product/visits.md#settings). Whatever is refused stays on screen.
 */
function VisitSettingsEditor({ initial }: { initial: VisitSettingsAnswer }) {
  const { i18n } = useLingui();
  const editor = useVersionedSettings({
    initial,
    resolver: visitSettingsResolver,
    toFormValues,
    save: useSaveVisitSettings(),
    newest: visitSettingsQuery(),
    errorKey,
    savedText: (version) => i18n._('Visiting hours saved as version {version}.', { version }),
    failedText: i18n._('The visiting hours could not be saved. Your changes are still here; please try again.'),
  });

  return (
    <FormProvider {...editor.form}>
      <SettingsVersion
        block="visit-settings"
        editing={editor.loaded.version}
        saved={editor.savedVersion}
        savedText={(version) =>
          i18n._('Saved as version {version}. New bookings follow it; visits already booked keep their times.', { version })
        }
      />
      <p className="edit-field__hint">{i18n._('Times are on the dealer’s clock, {zone}.', { zone: editor.loaded.timeZone })}</p>
      {editor.stale ? (
        <StaleSettingsNotice
          block="visit-settings"
          title={i18n._('Someone else saved the visiting hours')}
          version={editor.loaded.version}
          busy={editor.reloading}
          onReload={editor.reload}
        />
      ) : null}
      <SettingsErrorSummary focusToken={editor.summaryToken} />
      <UnnamedError id={fieldId('other')} text={(message) => serverText(i18n, message)} />
      <form noValidate aria-labelledby="visit-settings-title" onSubmit={editor.submit}>
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
        <SubmitBar label={i18n._('Save visiting hours')} busy={editor.saving} />
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
