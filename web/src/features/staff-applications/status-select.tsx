import { useLingui } from '@lingui/react';
import type { AdverseActionRejection } from '../../../../domain/adverse-action.ts';
import { useEffect, useRef, useState } from 'react';
import { staffMayChangeStatus } from '../../../../domain/application-status.ts';
import { applicationStatusLabels, STAFF_APPLICATION_STATUSES, type ApplicationStatus } from '../../../../domain/enums.ts';
import { toast } from '../../components/toasts.tsx';
import { useUpdateStatus } from './api/update-status.ts';
import { ConfirmDialog } from '../../components/staff/confirm-dialog.tsx';
import { RejectionDialog } from './rejection-dialog.tsx';
import { StatusBadge } from '../../components/staff/status-icon.tsx';

const isStatus = (value: string): value is ApplicationStatus => (STAFF_APPLICATION_STATUSES as readonly string[]).includes(value);

interface StatusSelectProps {
  applicationId: number;
  userId: number;
  status: ApplicationStatus;
  /** The applicant's name, for the confirmation: they are the one who is told. */
  applicantName: string;
}

/**
 * The status selector at the top of the page (docs/product/staff-dashboard.md#application-detail): any status to any other, refetched after.
 * Choosing in the select only picks; a change is sent after a confirmation that says the applicant
 * is told (the bot messages a Telegram applicant at once), so arrow keys on a focused select, or a
 * slip of the mouse, never notify anyone.
 */
export function StatusSelect({ applicationId, userId, status, applicantName }: StatusSelectProps) {
  const { i18n } = useLingui();
  const update = useUpdateStatus();
  const [choice, setChoice] = useState<ApplicationStatus>(status);
  const [confirming, setConfirming] = useState(false);
  const select = useRef<HTMLSelectElement>(null);
  // The button that opened the confirmation is gone once it closes, so focus goes back to the select.
  const refocus = useRef(false);
  useEffect(() => {
    if (confirming || !refocus.current) return;
    refocus.current = false;
    select.current?.focus();
  }, [confirming]);
  const [shownStatus, setShownStatus] = useState(status);
  // A refetched application (after this change or anyone else's) resets the pick to what is stored.
  if (shownStatus !== status) {
    setShownStatus(status);
    setChoice(status);
  }
  const label = i18n._(applicationStatusLabels[choice]);
  const cancel = () => {
    refocus.current = true;
    setConfirming(false);
    setChoice(status);
  };
  const send = (rejection: AdverseActionRejection | null = null) =>
    update.mutate(
      { applicationId, userId, status: choice, rejection },
      {
        onSuccess: () => toast.success(i18n._('Status changed.')),
        onError: () => {
          setChoice(status);
          toast.error(i18n._('The status could not be changed. Please try again.'));
        },
        onSettled: () => {
          refocus.current = true;
          setConfirming(false);
        },
      },
    );
  // docs/product/submission.md#submission-and-statuses: the applicant withdrew it; nobody decides it any more.
  if (!staffMayChangeStatus(status)) {
    return (
      <div className="status-select">
        <StatusBadge status={status} />
      </div>
    );
  }
  return (
    <div className="status-select">
      <label htmlFor="application-status">{i18n._('Status')}</label>
      <select
        ref={select}
        id="application-status"
        value={choice}
        disabled={update.isPending}
        onChange={(event) => {
          if (isStatus(event.target.value)) setChoice(event.target.value);
        }}
      >
        {STAFF_APPLICATION_STATUSES.map((value) => (
          <option key={value} value={value}>
            {i18n._(applicationStatusLabels[value])}
          </option>
        ))}
      </select>
      {choice === status ? (
        <StatusBadge status={status} />
      ) : (
        <button type="button" className="button button--primary" onClick={() => setConfirming(true)}>
          {i18n._('Change status…')}
        </button>
      )}
      {choice === 'rejected' ? (
        <RejectionDialog open={confirming} applicantName={applicantName} busy={update.isPending} onConfirm={send} onClose={cancel} />
      ) : (
        <ConfirmDialog
          open={confirming}
          title={i18n._('Change the status to {status}?', { status: label })}
          message={i18n._(
            '{name} will be told at once: by a Telegram message if they applied in Telegram, and on their status page either way.',
            { name: applicantName },
          )}
          confirmLabel={i18n._('Change and notify')}
          busy={update.isPending}
          onConfirm={() => send()}
          onClose={cancel}
        />
      )}
    </div>
  );
}
