import { useLingui } from '@lingui/react';
import type { StaffApplication } from '../../../../domain/contracts/applications.ts';
import { toast } from '../../components/toasts.tsx';
import { useTakeLead } from './api/take-lead.ts';
import { useViewer } from '../../lib/staff/api/get-viewer.ts';

/**
 * Who has taken the lead (docs/product/staff-dashboard.md#application-detail), and "Take it" for any admin who has
 * not: taking a lead someone else holds moves it to you, and the history records the hand-off.
 */
export function LeadOwner({ application }: { application: StaffApplication }) {
  const { i18n } = useLingui();
  const me = useViewer().data?.user?.id;
  const take = useTakeLead();
  const { assignee } = application;
  return (
    <p className="lead-owner">
      <span>{assignee ? i18n._('Assigned to {name}', { name: assignee.name }) : i18n._('Nobody has taken this lead yet.')}</span>
      {me !== undefined && assignee?.id !== me ? (
        <button
          type="button"
          className="button button--secondary"
          disabled={take.isPending}
          onClick={() =>
            take.mutate(
              { applicationId: application.id, userId: application.userId, assigneeId: me },
              {
                onSuccess: () => toast.success(i18n._('The lead is yours.')),
                onError: () => toast.error(i18n._('The lead could not be taken. Please try again.')),
              },
            )
          }
        >
          {i18n._('Take it')}
        </button>
      ) : null}
    </p>
  );
}
