import type { Language } from '../../../domain/enums.ts';
import { loadApplicationForPrint, loadLicenceImages, type ApplicationsDeps } from './application-records.service.ts';
import { findActorName } from './applications.repository.ts';
import { recordAudit } from '../audit/audit.repository.ts';
import { findDealSettings } from '../deals/deals.repository.ts';
import type { Viewer } from '../http/viewer.ts';
import type { Catalogues } from '../i18n/catalogues.ts';
import { applicationDocument } from './application-document.ts';
import type { PdfRenderer, PrintDocument } from '../pdf/pdf-renderer.service.ts';

export interface ApplicationPdfDeps extends ApplicationsDeps {
  renderer: PdfRenderer;
  catalogues: Catalogues;
  company: string;
  /** The dealer's zone (TIMEZONE); every printed time carries its abbreviation, so none is ambiguous. */
  timeZone: string;
}

/** The application's document in `lang`, ready to print; the bench renders it on its own too. */
export async function buildApplicationDocument(
  deps: ApplicationPdfDeps,
  actor: Viewer,
  applicationId: number,
  lang: Language,
  now = new Date(),
): Promise<PrintDocument> {
  // All at once: an unknown id still ends in loadApplicationForPrint's 404, the photos then unused.
  const [application, licence, generatedBy] = await Promise.all([
    loadApplicationForPrint(deps, applicationId, now),
    loadLicenceImages(deps, applicationId),
    findActorName(deps.db, actor.userId),
  ]);
  const dealSettings = application.deal && (await findDealSettings(deps.db, application.deal.settingsVersion));
  return applicationDocument({
    application,
    dealSettings: dealSettings?.settings,
    licence,
    company: deps.company,
    generatedBy,
    generatedAt: now,
    timeZone: deps.timeZone,
    lang,
    t: (id, values) => deps.catalogues.translate(lang, id, values),
  });
}

/**
 * GET /api/applications/{id}/pdf: the whole application, full SSN included, as a US Letter PDF.
 * The download is audited once it exists; a render that fails hands nothing out and records nothing.
 */
export async function applicationPdf(deps: ApplicationPdfDeps, actor: Viewer, applicationId: number, lang: Language): Promise<Buffer> {
  const pdf = await deps.renderer.render(await buildApplicationDocument(deps, actor, applicationId, lang));
  await recordAudit(deps.db, {
    actorUserId: actor.userId,
    action: 'application.pdf_downloaded',
    entity: 'application',
    entityId: applicationId,
    details: { lang },
  });
  return pdf;
}
