import { useLingui } from '@lingui/react';
import { Spinner } from '@telegram-apps/telegram-ui';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../lib/page-title.ts';
import { useUserApplication } from './api/get-user-application.ts';
import { PasskeyCheck } from '../../components/staff/passkey-check.tsx';
import { isMfaRequired } from '../../lib/staff/passkey-errors.ts';
import { ApplicationReview } from './application-review.tsx';
import { ChatButton, useUsersListPath } from './navigation.tsx';

function NoApplication({ userId }: { userId: number }) {
  const { i18n } = useLingui();
  const back = useUsersListPath();
  return (
    <section className="no-application" aria-labelledby="no-application-title">
      <h2 id="no-application-title">{i18n._('No data for this user.')}</h2>
      <div className="button-row">
        <Link to={back} className="button button--secondary">
          {i18n._('Back to Users')}
        </Link>
        <ChatButton userId={userId} label={i18n._('Open Chat')} />
      </div>
    </section>
  );
}

/** /dashboard/users/{id} (docs/product/staff-dashboard.md#application-detail): spinner, "No data for this user." or the application. */
export function ApplicationPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._('Application'));
  const userId = Number(useParams().userId);
  const valid = Number.isSafeInteger(userId) && userId > 0;
  const application = useUserApplication(valid ? userId : 0);
  if (!valid) return <NoApplication userId={0} />;
  if (application.isPending) {
    return (
      <div className="dashboard-loading" aria-live="polite">
        <Spinner size="l" />
        <span className="visually-hidden">{i18n._('Loading...')}</span>
      </div>
    );
  }
  if (isMfaRequired(application.error)) return <PasskeyCheck />;
  // docs/product/staff-dashboard.md#application-detail: a loading failure is treated as no data.
  if (application.isError) return <NoApplication userId={userId} />;
  return <ApplicationReview application={application.data} />;
}
