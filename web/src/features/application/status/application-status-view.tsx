import { useLingui } from '@lingui/react';
import type React from 'react';
import { Link } from 'react-router';
import { carTitle } from '../../../../../domain/cars.ts';
import type { MyApplication } from '../../../../../domain/contracts/applications.ts';
import { applicationStatusLabels, type ApplicationStatus } from '../../../../../domain/enums.ts';
import { useHost } from '../../../host/index.ts';
import { useSite } from '../../../lib/api/get-site.ts';
import { toast } from '../../../components/toasts.tsx';
import { useNoticeLink } from '../api/get-notice-link.ts';
import './status.css';
import { WithdrawApplication } from './withdraw-application.tsx';
import { DealAndOffers, OfferToAnswer } from './deal-offers.tsx';
import { formatDollars } from '../../../../../domain/format.ts';
import { formatMoment } from '../../../../../domain/date-time.ts';
import { telegramChatUrl } from '../../../../../domain/start-links.ts';

/**
 * docs/product/submission.md#submission-and-statuses: in review a warning hourglass, approved a green check,
 * rejected a red cross, withdrawn a grey bar; always beside the words.
 */
function StatusIcon({ status }: { status: ApplicationStatus }) {
  const paths: Record<ApplicationStatus, string> = {
    in_review:
      'M6 2h12v2h-1v3.2a5 5 0 0 1-2.6 4.4L13.7 12l.7.4A5 5 0 0 1 17 16.8V20h1v2H6v-2h1v-3.2a5 5 0 0 1 2.6-4.4l.7-.4-.7-.4A5 5 0 0 1 7 7.2V4H6V2Zm3 2v3.2a3 3 0 0 0 1.6 2.6L12 10.6l1.4-.8A3 3 0 0 0 15 7.2V4H9Zm3 9.4-1.4.8A3 3 0 0 0 9 16.8V20h6v-3.2a3 3 0 0 0-1.6-2.6l-1.4-.8Z',
    approved: 'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm4.3 5.8-5.8 5.8-2.8-2.8-1.4 1.4 4.2 4.2 7.2-7.2-1.4-1.4Z',
    rejected:
      'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm-2.8 5.8L7.8 9.2 10.6 12l-2.8 2.8 1.4 1.4 2.8-2.8 2.8 2.8 1.4-1.4-2.8-2.8 2.8-2.8-1.4-1.4-2.8 2.8-2.8-2.8Z',
    withdrawn: 'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm-5 9v2h10v-2H7Z',
  };
  return (
    <svg className={`status-icon status-icon--${status}`} viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={paths[status]} />
    </svg>
  );
}

function ChatLink() {
  const { i18n } = useLingui();
  const host = useHost();
  const site = useSite();
  const botUsername = site.data?.botUsername;
  if (site.isPending) return null;
  if (!botUsername) {
    return (
      <Link to="/#contact" className="button button--secondary">
        {i18n._('Contact us')}
      </Link>
    );
  }
  const url = telegramChatUrl(botUsername);
  // Inside Telegram a t.me link must go through the client, or it opens a browser tab instead of the chat.
  const onClick = (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (host.kind !== 'telegram') return;
    event.preventDefault();
    host.openTelegramLink(url);
  };
  return (
    <a className="button button--primary" href={url} target="_blank" rel="noopener noreferrer" onClick={onClick}>
      {i18n._('Chat with the dealer on Telegram')}
    </a>
  );
}

const NOTICE_PDF = '/api/applications/mine/notice.pdf';

/**
 * The adverse-action notice's PDF. On the web the link downloads it with the session cookie. Inside
 * Telegram the API knows the applicant by the init data header, which a download cannot send, and
 * the WebView downloads nothing by itself: the app asks for a signed link that needs no session and
 * hands it to Telegram's own download (host.downloadFile).
 */
function NoticeDownload() {
  const { i18n } = useLingui();
  const host = useHost();
  const link = useNoticeLink();
  const onClick = (event: React.MouseEvent<HTMLAnchorElement>) => {
    if (host.kind !== 'telegram') return;
    event.preventDefault();
    if (link.isPending) return;
    link.mutate(undefined, {
      onSuccess: ({ url, fileName }) => void host.downloadFile(url, fileName),
      onError: () => toast.error(i18n._('We could not download the notice. Try again.')),
    });
  };
  return (
    <a className="button button--secondary" href={NOTICE_PDF} download onClick={onClick} aria-busy={link.isPending || undefined}>
      {i18n._('Download the notice (PDF)')}
    </a>
  );
}

/**
 * What the applicant sees once they have applied: the decision so far, when it is due (Regulation
 * B), the history, the car, the deal they applied with and the dealer's offers on it. Its heading takes focus when a screen moves focus to it.
 */
export function ApplicationStatusView({ application }: { application: MyApplication }) {
  const { i18n } = useLingui();
  const timeZone = useSite().data?.timeZone;
  // Months in words (03/04 is ambiguous to a reader used to another order), in the dealer's zone and
  // named, so the applicant reads the deadline staff read.
  const moment = (iso: string) => formatMoment(iso, i18n.locale, timeZone);
  const statusLabel = (status: ApplicationStatus) => i18n._(applicationStatusLabels[status]);
  const { status, car, notice } = application;

  const next: Record<ApplicationStatus, string[]> = {
    in_review: [
      i18n._('Our team is reviewing your application. We may contact you if we need anything else.'),
      i18n._('We will tell you our decision by {date}.', { date: moment(application.regBDueAt) }),
    ],
    approved: [i18n._('Your loan is approved. Our team will contact you to finish the paperwork and arrange your car.')],
    rejected: [
      i18n._('We are sorry: we cannot approve your application this time.'),
      notice
        ? i18n._('We sent you a written notice with the main reasons for our decision on {date}.', { date: moment(notice.issuedAt) })
        : i18n._('We will send you a written notice with the main reasons for our decision.'),
    ],
    withdrawn: [i18n._('You withdrew your application, so we have stopped reviewing it. Contact us if you change your mind.')],
  };

  return (
    <section className="application-status" aria-labelledby="application-status-title">
      <h1 id="application-status-title" tabIndex={-1}>
        {i18n._('Your application')}
      </h1>

      <dl className="application-status__summary">
        <div>
          <dt>{i18n._('Status')}</dt>
          <dd className={`application-status__status application-status__status--${status}`}>
            <StatusIcon status={status} />
            {statusLabel(status)}
          </dd>
        </div>
        <div>
          <dt>{i18n._('Received')}</dt>
          <dd>
            <time dateTime={application.submittedAt}>{moment(application.submittedAt)}</time>
          </dd>
        </div>
        <div>
          <dt>{i18n._('Application number')}</dt>
          <dd>{application.id}</dd>
        </div>
      </dl>

      <OfferToAnswer application={application} />

      <div className="card">
        <h2>{i18n._('What happens next')}</h2>
        {next[status].map((text) => (
          <p key={text}>{text}</p>
        ))}
        <div className="button-row">
          {status === 'rejected' && notice && <NoticeDownload />}
          <ChatLink />
        </div>
      </div>

      <WithdrawApplication application={application} />

      {car && (
        <div className="card application-status__car">
          <h2>{i18n._('Your chosen car')}</h2>
          <p className="application-status__car-name">{carTitle(car)}</p>
          <p>{formatDollars(car.price, i18n.locale)}</p>
          <Link to={`/cars/${encodeURIComponent(car.uuid)}`}>{i18n._('View the car')}</Link>
        </div>
      )}

      <DealAndOffers application={application} />

      {application.history.length > 0 && (
        <div className="card">
          <h2>{i18n._('Status history')}</h2>
          <ol className="application-status__history">
            {application.history.map((change) => (
              <li key={`${change.status}-${change.at}`}>
                <StatusIcon status={change.status} />
                <span>{statusLabel(change.status)}</span>
                <time dateTime={change.at}>{moment(change.at)}</time>
              </li>
            ))}
          </ol>
        </div>
      )}
    </section>
  );
}
