import { useLingui } from '@lingui/react';
import { useDealerTimeZone } from '../../lib/staff/dealer-time-zone.ts';
import { formatDate } from '../../lib/staff/format.ts';

/** docs/product/retention.md#data-retention: says why the SSN, income, addresses and photos read "Erased". */
export function ErasedNotice({ erasedAt }: { erasedAt: string | null }) {
  const { i18n } = useLingui();
  const timeZone = useDealerTimeZone();
  if (erasedAt === null) return null;
  return (
    <p className="erased-notice" role="note">
      {i18n._('Personal data erased on {date} under the retention policy.', { date: formatDate(erasedAt, i18n.locale, timeZone) })}
    </p>
  );
}
