import { useLingui } from '@lingui/react';
import { APPLICATION_STATUSES, applicationStatusLabels, type ApplicationStatus } from '../../../../../domain/enums.ts';
import { toast } from '../../../components/toasts.tsx';
import { useUpdateStatus } from '../api/update-status.ts';
import { StatusBadge } from '../components/status-icon.tsx';

/** The status selector at the top of the page (spec §2, §4): any status to any other, refetched after. */
export function StatusSelect({ applicationId, userId, status }: { applicationId: number; userId: number; status: ApplicationStatus }) {
  const { i18n } = useLingui();
  const update = useUpdateStatus();
  const shown = update.isPending ? update.variables.status : status;
  return (
    <div className="status-select">
      <label htmlFor="application-status">{i18n._('Status')}</label>
      <select
        id="application-status"
        value={shown}
        disabled={update.isPending}
        onChange={(event) =>
          update.mutate(
            { applicationId, userId, status: event.target.value as ApplicationStatus },
            {
              onSuccess: () => toast.success(i18n._('Status changed.')),
              onError: () => toast.error(i18n._('The status could not be changed. Please try again.')),
            },
          )
        }
      >
        {APPLICATION_STATUSES.map((value) => (
          <option key={value} value={value}>
            {i18n._(applicationStatusLabels[value])}
          </option>
        ))}
      </select>
      <StatusBadge status={shown} />
    </div>
  );
}
