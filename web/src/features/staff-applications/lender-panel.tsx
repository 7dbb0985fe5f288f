import { useLingui } from '@lingui/react';
import type { LenderDelivery } from '../../../../domain/contracts/applications.ts';
import { toast } from '../../components/toasts.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useResendToLender } from './api/resend-to-lender.ts';
import { ActionButton } from '../../components/staff/action-button.tsx';
import { useDealerTimeZone } from '../../lib/staff/dealer-time-zone.ts';
import { formatDateTime } from '../../lib/staff/format.ts';

interface LenderPanelProps {
  applicationId: number;
  userId: number;
  delivery: LenderDelivery;
  reference: string | null;
}

/** Where the application's hand-off to the lender stands (docs/operations/lender.md), with Resend. */
export function LenderPanel({ applicationId, userId, delivery, reference }: LenderPanelProps) {
  const { i18n } = useLingui();
  const timeZone = useDealerTimeZone();
  const resend = useResendToLender();
  const when = (at: string) => formatDateTime(at, i18n.locale, timeZone);

  const state = (() => {
    switch (delivery.state) {
      case 'not_configured':
        return i18n._('No lender is configured.');
      case 'not_sent':
        return i18n._('Not sent: no lender was configured when it was submitted.');
      case 'queued':
        return i18n._('Waiting to be sent.');
      case 'sent':
        return i18n._('Sent on {date}.', { date: when(delivery.at) });
      case 'retrying':
        return i18n._(
          'Not delivered yet ({attempts, plural, one {# attempt} other {# attempts}}); next attempt {date}. Last error: {error}',
          {
            attempts: delivery.attempts,
            date: when(delivery.nextAttemptAt),
            error: delivery.lastError ?? '—',
          },
        );
      case 'failed':
        return i18n._('Failed on {date}. Last error: {error}', { date: when(delivery.at), error: delivery.lastError ?? '—' });
    }
  })();
  const unavailable =
    delivery.state === 'not_configured'
      ? i18n._('No lender is configured.')
      : delivery.state === 'retrying' || delivery.state === 'queued'
        ? i18n._('It is on its way already.')
        : undefined;

  const onResend = () =>
    resend.mutate(
      { applicationId, userId },
      {
        onSuccess: () => toast.success(i18n._('The application goes to the lender again.')),
        onError: (error) =>
          toast.error(error instanceof ApiError ? error.message : i18n._('The application could not be resent. Please try again.')),
      },
    );

  return (
    <section className="card detail-section" aria-labelledby="section-lender">
      <h3 id="section-lender">{i18n._('Lender')}</h3>
      <p role="status">{state}</p>
      {reference ? <p>{i18n._("Lender's reference: {reference}", { reference })}</p> : null}
      <ActionButton label={i18n._('Resend')} icon={null} busy={resend.isPending} disabledReason={unavailable} onClick={onResend} />
    </section>
  );
}
