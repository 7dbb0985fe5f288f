import { useLingui } from '@lingui/react';
import { Spinner } from '@telegram-apps/telegram-ui';
import type { ReactNode } from 'react';
import { ApiError } from '../lib/api-client.ts';

/** What a list needs to know of its query: TanStack Query's results have these fields. */
interface ListQuery<T> {
  data: T | undefined;
  isError: boolean;
  error: unknown;
  refetch: () => unknown;
}

interface ListStateProps<T> {
  query: ListQuery<T>;
  /** Whether the answer holds nothing to show, so `empty` is shown instead of the list. */
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  /** The failure in the page's own words; the dashboard's wording when absent. */
  errorText?: (status: number) => string;
  children: (data: T) => ReactNode;
}

/**
 * The one way a list (catalogue, favourites, FAQs, every staff list) shows that it is loading, that
 * it failed (with the HTTP status, docs/product/catalogue.md#catalogue, and a way to try again) or that it is
 * empty, and otherwise the list. A later request that fails (the next page, a refetch) keeps what
 * was shown and says so below it.
 */
export function ListState<T>({ query, isEmpty, empty, errorText, children }: ListStateProps<T>) {
  const retry = () => void query.refetch();
  if (query.data === undefined) {
    return query.isError ? <ListError error={query.error} onRetry={retry} text={errorText} /> : <ListLoading />;
  }
  return (
    <>
      {isEmpty(query.data) ? (
        <div role="status" className="list-state">
          {empty}
        </div>
      ) : (
        children(query.data)
      )}
      {query.isError ? <ListError error={query.error} onRetry={retry} text={errorText} /> : null}
    </>
  );
}

export function ListLoading() {
  const { i18n } = useLingui();
  return (
    <div className="list-state inline-status" aria-live="polite">
      <Spinner size="s" />
      {i18n._('Loading...')}
    </div>
  );
}

/** A failure with its HTTP status (500 when no answer arrived) and a Try again button. */
export function ListError({ error, onRetry, text }: { error: unknown; onRetry: () => void; text?: (status: number) => string }) {
  const { i18n } = useLingui();
  const status = error instanceof ApiError ? error.status : 500;
  return (
    <div role="alert" className="list-state notice notice--error">
      <p>{text ? text(status) : i18n._('The list could not be loaded (error {status}).', { status })}</p>
      <button type="button" className="button button--secondary" onClick={onRetry}>
        {i18n._('Try again')}
      </button>
    </div>
  );
}
