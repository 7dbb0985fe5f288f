import { useLingui } from '@lingui/react';
import { useId, useState, type FormEvent } from 'react';
import { useAddPasskey } from '../../lib/staff/api/add-passkey.ts';
import { passkeyErrorMessage } from '../../lib/staff/passkey-errors.ts';

/** A name for the new passkey and the button that opens the browser's passkey dialog. */
export function AddPasskeyForm({ onAdded }: { onAdded?: () => void }) {
  const { i18n } = useLingui();
  const add = useAddPasskey();
  const [name, setName] = useState('');
  const [missingName, setMissingName] = useState(false);
  const inputId = useId();
  const hintId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    setMissingName(trimmed === '');
    if (trimmed !== '') add.mutate(trimmed, { onSuccess: () => onAdded?.() });
  };
  return (
    <form className="passkey-form" onSubmit={submit} noValidate>
      <div className={missingName ? 'edit-field edit-field--invalid' : 'edit-field'}>
        <label htmlFor={inputId}>{i18n._('Passkey name')}</label>
        <input
          id={inputId}
          value={name}
          maxLength={64}
          autoComplete="off"
          aria-describedby={hintId}
          aria-invalid={missingName || undefined}
          onChange={(event) => setName(event.target.value)}
        />
        <p id={hintId} className={missingName ? 'edit-field__error' : 'edit-field__hint'}>
          {missingName
            ? i18n._('Give the passkey a name, such as “Office laptop”.')
            : i18n._('Where it lives, such as “Office laptop” or “My phone”.')}
        </p>
      </div>
      <button type="submit" className="button button--primary" aria-busy={add.isPending || undefined} disabled={add.isPending}>
        {i18n._('Add a passkey')}
      </button>
      {add.isError ? (
        <p role="alert" className="notice notice--error">
          {passkeyErrorMessage(add.error, i18n)}
        </p>
      ) : null}
    </form>
  );
}
