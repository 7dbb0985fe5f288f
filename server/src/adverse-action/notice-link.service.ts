import { createHmac } from 'node:crypto';
import type { NoticeLink } from '../../../domain/contracts/applications.ts';
import { HttpError, notFound } from '../http/errors.ts';
import type { Viewer } from '../http/viewer.ts';
import { findLatestPrintableNotice, findLatestPrintableNoticeOfUser } from './adverse-action.repository.ts';
import { adverseActionNoticePdf, type NoticeDeps, type NoticePdf } from './adverse-action.service.ts';
import { sameSecret } from '../security/same-secret.ts';

/** Long enough for Telegram to start the download it was asked for, short enough that a leaked link is soon useless. */
export const NOTICE_LINK_MINUTES = 5;

export interface NoticeLinkDeps extends NoticeDeps {
  /** SESSION_SECRET: only this server can sign a link. */
  secret: string;
}

/** What a signed link names: the application, and through the signature its applicant and expiry. */
export interface SignedNoticeRequest {
  applicationId: number;
  /** Unix seconds. */
  expires: number;
  signature: string;
}

const unixSeconds = (at: Date) => Math.floor(at.getTime() / 1000);

/** Binds the link to the application and to the user who owns it, so it opens nobody else's notice. */
const noticeSignature = (secret: string, applicationId: number, userId: number, expires: number) =>
  createHmac('sha256', secret).update(`adverse-action-notice\n${applicationId}\n${userId}\n${expires}`).digest('hex');

const fileNameOf = (applicationId: number) => `adverse-action-notice-${applicationId}.pdf`;

/**
 * POST /api/applications/mine/notice-link: the viewer's own latest notice as a link that needs no
 * session, for the mini app, whose API calls carry Telegram's init data in a header that the
 * client's own download cannot send (docs/product/notices.md#adverse-action-notices).
 */
export async function myNoticeLink(deps: NoticeLinkDeps, viewer: Viewer, now = new Date()): Promise<NoticeLink> {
  const notice = await findLatestPrintableNoticeOfUser(deps.db, viewer.userId);
  if (!notice) throw notFound('You have no adverse-action notice.');
  const applicationId = notice.application_id;
  const expires = unixSeconds(now) + NOTICE_LINK_MINUTES * 60;
  const signature = noticeSignature(deps.secret, applicationId, viewer.userId, expires);
  return {
    url: `/api/applications/${applicationId}/applicant-notice.pdf?expires=${expires}&signature=${signature}`,
    fileName: fileNameOf(applicationId),
    expiresAt: new Date(expires * 1000).toISOString(),
  };
}

/**
 * GET /api/applications/{id}/applicant-notice.pdf: the notice through a signed link. A link that was
 * altered, or made for another applicant or application, is 403; a genuine one past its time is 410.
 */
export async function signedNoticePdf(deps: NoticeLinkDeps, link: SignedNoticeRequest, now = new Date()): Promise<NoticePdf> {
  // Only an application with a notice ever had a link made for it: without one, no link is genuine.
  const notice = await findLatestPrintableNotice(deps.db, link.applicationId);
  const genuine =
    notice !== undefined &&
    sameSecret(link.signature, noticeSignature(deps.secret, notice.application_id, notice.applicant.user_id, link.expires));
  if (!genuine) throw new HttpError('forbidden', 'This download link is not valid. Open your application and download the notice again.');
  if (link.expires < unixSeconds(now))
    throw new HttpError('link_expired', 'This download link has expired. Open your application and download the notice again.');
  return adverseActionNoticePdf(deps, notice.id);
}
