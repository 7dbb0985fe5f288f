import type { NoticeChannel } from '../../../domain/adverse-action.ts';
import type { Language } from '../../../domain/enums.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import type { Db } from '../db/database.ts';
import { notFound } from '../http/errors.ts';
import type { Viewer } from '../http/viewer.ts';
import type { Catalogues } from '../i18n/catalogues.ts';
import type { PdfRenderer } from '../pdf/pdf-renderer.service.ts';
import {
  creditReportOf,
  findLatestPrintableNotice,
  findLatestPrintableNoticeOfUser,
  findPrintableNotice,
  markNoticeDelivered,
  type PrintableNotice,
} from './adverse-action.repository.ts';
import { adverseActionNoticeDocument } from './notice-document.ts';

export interface NoticeDeps {
  db: Db;
  renderer: PdfRenderer;
  catalogues: Catalogues;
  creditor: { name: string; address: string; phone: string };
  /** The dealer's zone (TIMEZONE): the notice is dated on the dealer's calendar. */
  timeZone: string;
}

/** A notice's PDF, in the language the applicant had when it was issued. */
export interface NoticePdf {
  filename: string;
  bytes: Buffer;
  language: Language;
  applicationId: number;
}

async function renderNotice(deps: NoticeDeps, notice: PrintableNotice): Promise<NoticePdf> {
  const { applicant, car } = notice;
  const lang = notice.language;
  // Erased under the retention policy (docs/product/retention.md#data-retention): the notice still names the applicant.
  const address = applicant.address;
  const addressLines = address
    ? [[address.line1, address.line2].filter(Boolean).join(', '), `${address.city}, ${address.state} ${address.postalCode}`]
    : [];
  const name = [applicant.first_name, applicant.last_name, applicant.suffix].filter(Boolean).join(' ');
  const document = adverseActionNoticeDocument({
    noticeId: notice.id,
    applicationId: notice.application_id,
    issuedAt: notice.created_at,
    applicant: { name, addressLines },
    car,
    creditor: deps.creditor,
    reasons: notice.reasons,
    otherReason: notice.other_reason,
    creditReport: creditReportOf(notice),
    timeZone: deps.timeZone,
    lang,
    t: (id, values) => deps.catalogues.translate(lang, id, values),
  });
  const bytes = await deps.renderer.render(document);
  return { filename: `adverse-action-notice-${notice.application_id}.pdf`, bytes, language: lang, applicationId: notice.application_id };
}

/** The notice's PDF by its id, for whichever channel delivers it (the bot's port, the mailer). */
export async function adverseActionNoticePdf(deps: NoticeDeps, noticeId: number): Promise<NoticePdf> {
  const notice = await findPrintableNotice(deps.db, noticeId);
  if (!notice) throw notFound('This adverse-action notice does not exist.');
  return renderNotice(deps, notice);
}

/** GET /api/applications/{id}/notice.pdf: the application's latest notice for staff, the download audited. */
export async function staffNoticePdf(deps: NoticeDeps, actor: Viewer, applicationId: number): Promise<NoticePdf> {
  const notice = await findLatestPrintableNotice(deps.db, applicationId);
  if (!notice) throw notFound('This application has no adverse-action notice.');
  const pdf = await renderNotice(deps, notice);
  await recordAudit(deps.db, {
    actorUserId: actor.userId,
    action: 'application.notice_downloaded',
    entity: 'application',
    entityId: applicationId,
    details: { noticeId: notice.id },
  });
  return pdf;
}

/**
 * GET /api/applications/mine/notice.pdf: the latest notice of the viewer's own application, the same
 * PDF that was delivered to them. Anyone else's notice is out of reach: only the viewer's own
 * application is looked at, so a viewer with none gets 404.
 */
export async function myNoticePdf(deps: NoticeDeps, viewer: Viewer): Promise<NoticePdf> {
  const notice = await findLatestPrintableNoticeOfUser(deps.db, viewer.userId);
  if (!notice) throw notFound('You have no adverse-action notice.');
  return renderNotice(deps, notice);
}

/** The applicant has the notice: the Regulation B record of when and how it reached them. */
export async function recordNoticeDelivered(
  deps: Pick<NoticeDeps, 'db'>,
  noticeId: number,
  channel: NoticeChannel,
  at = new Date(),
): Promise<void> {
  await markNoticeDelivered(deps.db, noticeId, channel, at);
}
