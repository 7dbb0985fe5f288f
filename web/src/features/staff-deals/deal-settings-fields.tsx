import { EditField, type FieldControl } from '../../components/staff/edit-field.tsx';
import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import { get, useFormContext, useFormState, type Path } from 'react-hook-form';
import { DEAL_TYPES, LEASE_MILEAGES, LEASE_TERMS } from '../../../../domain/deals/deal-settings.ts';
import { LANGUAGES } from '../../../../domain/enums.ts';
import { formatMileage } from '../../../../domain/format.ts';
import { fieldId, messageAt, RESIDUAL_CELLS, type DealSettingsForm } from './deal-settings-form.ts';
import { DEAL_TYPE_LABELS, errorText, FIELD_LABELS, inLanguage, residualLabel, type FieldLabelKey } from './deal-settings-labels.ts';

type Name = Path<DealSettingsForm>;

/** The error the form holds at `key` (a field's path, or a group's `.root`), in the active language. */
function useErrorAt(key: string, path: string): string | undefined {
  const { i18n } = useLingui();
  const { errors } = useFormState<DealSettingsForm>({ name: key as Name });
  const message = messageAt(get(errors, key));
  return message === undefined ? undefined : errorText(i18n, path, message);
}

interface FieldProps {
  name: Name;
  label: string;
  hint?: string;
  optional?: boolean;
}

/** Label above, hint and error below, tied to the input by id (docs/product/staff-dashboard.md#deal-settings). */
function Field({ name, label, hint, optional = false, children }: FieldProps & { children: (control: FieldControl) => ReactNode }) {
  return (
    <EditField id={fieldId(name)} label={label} optional={optional} hint={hint} error={useErrorAt(name, name)}>
      {children}
    </EditField>
  );
}

/** A typed value: text, or a number staff type as they would write it ("499.50", "6.25"). */
export function TextInput({
  name,
  label,
  hint,
  optional,
  inputMode,
  lang,
}: FieldProps & { inputMode?: 'decimal' | 'numeric'; lang?: string }) {
  const { register } = useFormContext<DealSettingsForm>();
  return (
    <Field name={name} label={label} hint={hint} optional={optional}>
      {(control) => <input {...control} {...register(name)} type="text" inputMode={inputMode} lang={lang} autoComplete="off" />}
    </Field>
  );
}

/** A choice; `numbers` for a choice the settings keep as a number (a band's months). */
export function Select({
  name,
  label,
  hint,
  options,
  numbers = false,
}: FieldProps & { options: Array<{ value: string; label: string; disabled?: boolean }>; numbers?: boolean }) {
  const { register } = useFormContext<DealSettingsForm>();
  return (
    <Field name={name} label={label} hint={hint}>
      {(control) => (
        <select {...control} {...register(name, { valueAsNumber: numbers })}>
          {options.map((option) => (
            <option key={option.value} value={option.value} disabled={option.disabled}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

export function Checkbox({ name, label }: { name: Name; label: string }) {
  const { register } = useFormContext<DealSettingsForm>();
  const error = useErrorAt(name, name);
  const id = fieldId(name);
  return (
    <div className={error ? 'edit-field edit-field--invalid' : 'edit-field'}>
      <label className="filters__check" htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          {...register(name)}
          aria-invalid={error !== undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <span>{label}</span>
      </label>
      {error ? (
        <p id={`${id}-error`} className="edit-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A list's or a group's own error (two rules for one state, bands that do not reach 84 months), where the error summary takes the reader. */
export function GroupError({ path }: { path: string }) {
  const error = useErrorAt(`${path}.root`, path);
  return error ? (
    <p id={fieldId(path)} className="edit-field__error deal-settings__group-error" tabIndex={-1}>
      {error}
    </p>
  ) : null;
}

/** A text in the four languages, each input marked with its language for screen readers and spell checkers. */
export function InFourLanguages({
  name,
  label,
  multiline = false,
}: {
  name: `${string}.${'name' | 'description'}`;
  label: FieldLabelKey;
  multiline?: boolean;
}) {
  const { i18n } = useLingui();
  const { register } = useFormContext<DealSettingsForm>();
  return (
    <fieldset className="deal-settings__languages">
      <legend>{i18n._(FIELD_LABELS[label])}</legend>
      {LANGUAGES.map((language) => {
        const path = `${name}.${language}` as Name;
        return (
          <Field key={language} name={path} label={inLanguage(i18n, FIELD_LABELS[label], language)}>
            {(control) =>
              multiline ? (
                <textarea {...control} {...register(path)} lang={language} rows={3} />
              ) : (
                <input {...control} {...register(path)} type="text" lang={language} autoComplete="off" />
              )
            }
          </Field>
        );
      })}
    </fieldset>
  );
}

/** Which kinds of deal an entry applies to: at least one. */
export function DealTypes({ name }: { name: `${'rebates' | 'products'}.${number}.dealTypes` }) {
  const { i18n } = useLingui();
  const { register } = useFormContext<DealSettingsForm>();
  const error = useErrorAt(`${name}.root`, name);
  return (
    <fieldset className="deal-settings__choices">
      <legend>{i18n._(FIELD_LABELS.dealTypes)}</legend>
      <GroupError path={name} />
      {DEAL_TYPES.map((type) => (
        <label key={type} className="filters__check">
          <input
            type="checkbox"
            value={type}
            {...register(name)}
            aria-invalid={error !== undefined}
            aria-describedby={error ? fieldId(name) : undefined}
          />
          <span>{i18n._(DEAL_TYPE_LABELS[type])}</span>
        </label>
      ))}
    </fieldset>
  );
}

/** A lease program's residuals: a row a term, a column a mileage; an empty cell is not offered. */
export function ResidualGrid({ name }: { name: 'leasePrograms.default' | `leasePrograms.byMake.${number}.program` }) {
  const { i18n } = useLingui();
  const { register } = useFormContext<DealSettingsForm>();
  const list = `${name}.residuals`;
  const captionId = `${fieldId(list)}-caption`;
  return (
    <div className="deal-settings__residuals">
      <GroupError path={list} />
      <table className="data-table deal-settings__grid" aria-describedby={`${captionId}-hint`}>
        <caption id={captionId}>{i18n._(FIELD_LABELS.residuals)}</caption>
        <thead>
          <tr>
            <th scope="col">{i18n._('Term')}</th>
            {LEASE_MILEAGES.map((miles) => (
              <th key={miles} scope="col">
                {i18n._('{miles} a year', { miles: formatMileage(miles, i18n.locale) })}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {LEASE_TERMS.map((months) => (
            <tr key={months}>
              <th scope="row">{i18n._('{months} months', { months })}</th>
              {RESIDUAL_CELLS.filter((cell) => cell.termMonths === months).map(({ cell, milesPerYear }) => (
                <ResidualCellInput
                  key={cell}
                  path={`${list}.${cell}` as Name}
                  label={residualLabel(i18n, months, milesPerYear)}
                  register={register}
                />
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <p id={`${captionId}-hint`} className="edit-field__hint">
        {i18n._('Whole percentages from 1 to 100. Leave a cell empty where that term and mileage is not offered.')}
      </p>
    </div>
  );
}

function ResidualCellInput({
  path,
  label,
  register,
}: {
  path: Name;
  label: string;
  register: ReturnType<typeof useFormContext<DealSettingsForm>>['register'];
}) {
  const error = useErrorAt(path, path);
  const id = fieldId(path);
  return (
    <td className={error ? 'edit-field--invalid' : undefined}>
      <input
        id={id}
        {...register(path)}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        aria-label={label}
        aria-invalid={error !== undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error ? (
        <p id={`${id}-error`} className="edit-field__error">
          {error}
        </p>
      ) : null}
    </td>
  );
}
