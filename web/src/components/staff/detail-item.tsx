import type { ReactNode } from 'react';
import { displayOrDash } from '../../lib/staff/format.ts';

/**
 * One label and its value in a staff details list (`<dl>`): an application, a trade-in, a visit. An
 * empty text shows an em dash (docs/product/staff-dashboard.md#application-detail).
 */
export function DetailItem({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="detail-item">
      <dt>{label}</dt>
      <dd>{typeof children === 'string' || children === null ? displayOrDash(children) : children}</dd>
    </div>
  );
}
