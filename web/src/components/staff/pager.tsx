import { useLingui } from '@lingui/react';

interface PagerProps {
  page: number;
  totalPages: number;
  total: number;
  onPage: (page: number) => void;
}

/** Previous / next with where we are; the page lives in the URL, so Back returns to it. */
export function Pager({ page, totalPages, total, onPage }: PagerProps) {
  const { i18n } = useLingui();
  const last = Math.max(totalPages, 1);
  return (
    <nav className="pager" aria-label={i18n._('Pages')}>
      <button type="button" className="button button--secondary" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {i18n._('Previous')}
      </button>
      <span className="pager__status" aria-live="polite">
        {i18n._('Page {page} of {pages} ({total} in all)', { page, pages: last, total })}
      </span>
      <button type="button" className="button button--secondary" disabled={page >= last} onClick={() => onPage(page + 1)}>
        {i18n._('Next')}
      </button>
    </nav>
  );
}
