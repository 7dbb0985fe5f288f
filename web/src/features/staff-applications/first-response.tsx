import { useLingui } from '@lingui/react';
import { formatMinutes } from '../../lib/staff/duration.ts';

/**
 * How soon staff first responded after submission (a relayed message, a status change or a note
 * marked "contacted"), or that the applicant still waits (docs/product/staff-dashboard.md#application-detail).
 */
export function FirstResponse({ minutes }: { minutes: number | null }) {
  const { i18n } = useLingui();
  return minutes === null ? (
    <p className="first-response first-response--waiting">{i18n._('Waiting for first contact')}</p>
  ) : (
    <p className="first-response">{i18n._('First response after {duration}', { duration: formatMinutes(minutes, i18n) })}</p>
  );
}
