import { useLingui } from '@lingui/react';
import { applicationStatusLabels, type ApplicationStatus } from '../../../../domain/enums.ts';
import { CheckIcon, CrossIcon, HourglassIcon, MinusIcon } from './icons.tsx';

const ICONS = { approved: CheckIcon, rejected: CrossIcon, in_review: HourglassIcon, withdrawn: MinusIcon } as const;

/** docs/product/submission.md#submission-and-statuses: approved a green check, rejected a red cross, in review a warning hourglass, withdrawn (by the applicant) a grey bar; always with its name. */
export function StatusBadge({ status }: { status: ApplicationStatus }) {
  const { i18n } = useLingui();
  const Icon = ICONS[status];
  return (
    <span className={`status-badge status-badge--${status}`}>
      <Icon />
      {i18n._(applicationStatusLabels[status])}
    </span>
  );
}
