import { useLingui } from '@lingui/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { LANGUAGES, languageNames } from '../../../../domain/enums.ts';

export type Filters = Record<string, string>;
type SetFilter = (name: string, value: string) => void;

interface FilterFormProps {
  label: string;
  filters: Filters;
  onApply: (filters: Filters) => void;
  /** The fields, given the values being edited and a setter. */
  children: (draft: Filters, set: SetFilter) => ReactNode;
}

/** A list's filters: edited together, sent by Apply (or Enter), cleared by Reset. */
export function FilterForm({ label, filters, onApply, children }: FilterFormProps) {
  const { i18n } = useLingui();
  const [draft, setDraft] = useState(filters);
  // The URL may change under the form (Back, a link from metrics): the form follows it.
  const [shown, setShown] = useState(filters);
  if (shown !== filters) {
    setShown(filters);
    setDraft(filters);
  }
  const set: SetFilter = (name, value) => setDraft((current) => ({ ...current, [name]: value }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply(draft);
  };
  return (
    <form className="filters" aria-label={label} onSubmit={submit}>
      {children(draft, set)}
      <div className="filters__actions">
        <button type="submit" className="button button--primary">
          {i18n._('Apply')}
        </button>
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setDraft({});
            onApply({});
          }}
        >
          {i18n._('Reset')}
        </button>
      </div>
    </form>
  );
}

/** A text filter (a search box). */
export function TextFilter({ label, value, onChange }: { label: string; value: string | undefined; onChange: (value: string) => void }) {
  return (
    <label className="filters__field">
      <span>{label}</span>
      <input type="search" value={value ?? ''} onChange={(event) => onChange(event.target.value)} />
    </label>
  );
}

/** A language filter: any, or one of the four. */
export function LanguageFilter({ value, onChange }: { value: string | undefined; onChange: (value: string) => void }) {
  const { i18n } = useLingui();
  return (
    <label className="filters__field">
      <span>{i18n._('Language')}</span>
      <select value={value ?? ''} onChange={(event) => onChange(event.target.value)}>
        <option value="">{i18n._('Any')}</option>
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang}>
            {languageNames[lang]}
          </option>
        ))}
      </select>
    </label>
  );
}
