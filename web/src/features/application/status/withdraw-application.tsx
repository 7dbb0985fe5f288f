import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { awaitsDecision } from '../../../../../domain/application-status.ts';
import type { MyApplication } from '../../../../../domain/contracts/applications.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useWithdrawApplication } from '../api/withdraw-application.ts';

/**
 * docs/product/submission.md#submission-and-statuses: while the application is in review the applicant may
 * withdraw it. Nothing happens on the first press: the confirmation says what withdrawing means
 * (the review stops, there will be no decision, and this account cannot apply again).
 */
export function WithdrawApplication({ application }: { application: MyApplication }) {
  const { i18n } = useLingui();
  const [confirming, setConfirming] = useState(false);
  const withdraw = useWithdrawApplication();
  if (!awaitsDecision(application.status)) return null;
  const decided = withdraw.error instanceof ApiError && withdraw.error.code === 'conflict';

  if (!confirming) {
    return (
      <div className="button-row">
        <button type="button" className="button button--secondary" onClick={() => setConfirming(true)}>
          {i18n._('Withdraw application')}
        </button>
      </div>
    );
  }
  return (
    <div className="card withdraw-application" role="region" aria-labelledby="withdraw-application-title">
      <h2 id="withdraw-application-title">{i18n._('Withdraw your application?')}</h2>
      <p>
        {i18n._(
          'The dealer stops reviewing it and you will get no decision. You cannot send another application from this account; contact the dealer if you change your mind.',
        )}
      </p>
      {withdraw.isError ? (
        <p role="alert" className="field__error">
          {decided
            ? i18n._('Your application has just been decided, so it can no longer be withdrawn.')
            : i18n._('We could not withdraw your application. Try again.')}
        </p>
      ) : null}
      <div className="button-row">
        <button type="button" className="button button--primary" disabled={withdraw.isPending} onClick={() => withdraw.mutate()}>
          {i18n._('Yes, withdraw my application')}
        </button>
        <button type="button" className="button button--secondary" onClick={() => setConfirming(false)}>
          {i18n._('Keep my application')}
        </button>
      </div>
    </div>
  );
}
