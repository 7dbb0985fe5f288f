import type { ReactNode } from 'react';

/**
 * A wide table's scroll box. On a phone the table scrolls sideways, and a keyboard user can only
 * scroll what can take focus (WCAG 2.1.1; axe: scrollable-region-focusable), hence the tabIndex.
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- see above: a scrollable region must be focusable
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
