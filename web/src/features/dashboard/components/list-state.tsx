import { useLingui } from '@lingui/react';
import { Spinner } from '@telegram-apps/telegram-ui';
import { ApiError } from '../../../lib/api-client.ts';

/** Loading, failed and empty states of a dashboard list, with a way to try again. */
export function ListLoading() {
  const { i18n } = useLingui();
  return (
    <div className="inline-status" aria-live="polite">
      <Spinner size="s" />
      {i18n._('Loading...')}
    </div>
  );
}

export function ListError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { i18n } = useLingui();
  const status = error instanceof ApiError ? error.status : 500;
  return (
    <div role="alert" className="notice notice--error">
      <p>{i18n._('The list could not be loaded (error {status}).', { status })}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {i18n._('Try again')}
      </button>
    </div>
  );
}

export function ListEmpty({ message }: { message: string }) {
  return (
    <p role="status" className="notice">
      {message}
    </p>
  );
}
