import { useLingui } from '@lingui/react';
import { useId } from 'react';
import { LANGUAGES, isLanguage, languageNames } from '../../../domain/enums.ts';
import { useLanguage } from '../lib/i18n.ts';

/** Changes the language at once and remembers it for this tab (docs/product/identity.md#languages). */
export function LanguagePicker() {
  const { i18n } = useLingui();
  const [language, setLanguage] = useLanguage();
  const id = useId();
  return (
    <div className="language-picker">
      <label htmlFor={id} className="visually-hidden">
        {i18n._('Language')}
      </label>
      <select
        id={id}
        className="language-picker__select"
        value={language}
        onChange={(event) => {
          const next = event.target.value;
          if (isLanguage(next)) setLanguage(next);
        }}
      >
        {LANGUAGES.map((lang) => (
          <option key={lang} value={lang} lang={lang}>
            {languageNames[lang]}
          </option>
        ))}
      </select>
    </div>
  );
}
