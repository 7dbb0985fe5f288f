import { useLingui } from '@lingui/react';
import { useEffect, useRef } from 'react';
import './error-summary.css';

export interface ErrorSummaryItem {
  /** Unique in the list: the field's path or name. */
  key: string;
  /** The id of the field the entry links to. */
  fieldId: string;
  text: string;
}

interface ErrorSummaryProps {
  titleId: string;
  /** The heading level that fits under the page's own heading. */
  heading: 'h2' | 'h3' | 'h4';
  /** The open errors, in the order of their fields on the page; none hides the summary. */
  items: ErrorSummaryItem[];
  /** Raised on each failed submit: the summary takes focus once for each. */
  focusToken: number;
}

/**
 * The list of what to fix above a form, each entry a link that takes the reader to its field. The
 * wizard's steps and the staff's car form share it (docs/product/application-wizard.md#application-wizard).
 */
export function ErrorSummary({ titleId, heading: Heading, items, focusToken }: ErrorSummaryProps) {
  const { i18n } = useLingui();
  const box = useRef<HTMLDivElement>(null);
  const shown = items.length > 0;
  // Once per submit, when the list is on screen: the form library publishes the errors a moment
  // after it reports them, so the list may appear one render after the token changed.
  const focusedToken = useRef(0);
  useEffect(() => {
    if (!shown || focusToken <= focusedToken.current) return;
    focusedToken.current = focusToken;
    box.current?.focus();
  }, [focusToken, shown]);
  if (!shown) return null;
  return (
    <div ref={box} className="error-summary" tabIndex={-1} role="group" aria-labelledby={titleId}>
      <Heading id={titleId} className="error-summary__title">
        {i18n._('Please fix the following:')}
      </Heading>
      <ul className="error-summary__list">
        {items.map((item) => (
          <li key={item.key}>
            <a
              href={`#${item.fieldId}`}
              onClick={(event) => {
                event.preventDefault();
                const field = document.getElementById(item.fieldId);
                field?.focus();
                field?.scrollIntoView({ block: 'center' });
              }}
            >
              {item.text}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
