import {
  adverseActionReasonLabels,
  ECOA_AGENCY_ADDRESS,
  type AdverseActionReason,
  type CreditReport,
  type CreditScore,
} from '../../../domain/adverse-action.ts';
import { carTitle } from '../../../domain/cars.ts';
import type { ApplicationCar } from '../../../domain/contracts/applications.ts';
import type { Language } from '../../../domain/enums.ts';
import type { PrintDocument } from '../pdf/pdf-renderer.service.ts';
import { FOOTER_STYLE, printStylesheet } from '../pdf/print-theme.service.ts';

/** What the notice prints: nothing of the applicant's finances, only who they are, what was decided and why. */
export interface AdverseActionNoticeInput {
  noticeId: number;
  applicationId: number;
  issuedAt: Date;
  applicant: { name: string; addressLines: string[] };
  car: Pick<ApplicationCar, 'year' | 'brand' | 'model' | 'trim'> | null;
  creditor: { name: string; address: string; phone: string };
  reasons: readonly AdverseActionReason[];
  otherReason: string | null;
  creditReport: CreditReport | null;
  /** The dealer's zone (TIMEZONE): the date is the dealer's calendar day. */
  timeZone: string;
  lang: Language;
  t: (id: string, values?: Record<string, unknown>) => string;
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const esc = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);

const NOTICE_RULES = `
  .notice p { margin: 0 0 7pt; }
  .notice ul { margin: 0 0 8pt; padding-left: 16pt; }
  .notice li { margin-bottom: 2pt; font-weight: 600; }
  .parties { display: grid; grid-template-columns: 1fr 1fr; column-gap: 16pt; margin-bottom: 10pt; }
  .lines div { margin-bottom: 1pt; }
  .agency { margin: 4pt 0 0 12pt; font-weight: 600; }
  .score { margin: 0 0 7pt; font-weight: 600; }
`;

const dateIn = (lang: Language, timeZone: string, at: Date) =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-US' : lang, { timeZone, year: 'numeric', month: 'long', day: 'numeric' }).format(at);
/** The score's day as the agency dated it: a calendar day, printed without moving it through a time zone. */
const calendarDayIn = (lang: Language, isoDate: string) => dateIn(lang, 'UTC', new Date(`${isoDate}T00:00:00Z`));

/**
 * The statement of credit denial a rejection owes the applicant (12 CFR 1002.9(a)(2)(i)): the
 * action taken, the creditor, the principal reasons, the ECOA notice with the agency that enforces
 * it and, when a credit report was used, the disclosures of FCRA §615(a). Every sentence is a
 * message id in locales/<lang>/server.po, so the applicant reads it in their language.
 */
export function adverseActionNoticeDocument(input: AdverseActionNoticeInput): PrintDocument {
  const { t } = input;
  const lines = (items: readonly string[]) => `<div class="lines">${items.map((line) => `<div>${esc(line)}</div>`).join('')}</div>`;
  const section = (heading: string, body: string) => `<section><h2>${esc(heading)}</h2>${body}</section>`;
  const para = (text: string) => `<p>${esc(text)}</p>`;

  const car = input.car ? carTitle(input.car) : null;
  const action = car
    ? t('Your application for credit to buy the {car} has been declined.', { car })
    : t('Your application for credit has been declined.');

  const reasons = input.reasons.map((reason) =>
    reason === 'other' && input.otherReason
      ? `${t(adverseActionReasonLabels.other)}: ${input.otherReason}`
      : t(adverseActionReasonLabels[reason]),
  );

  const bureau = input.creditReport?.bureau;
  const score = input.creditReport?.score;
  // FCRA §615(a)(1)(B) with §609(f)(1): the score, its range, its date and its key factors, as on form C-1.
  const scoreDisclosure = (used: CreditScore) =>
    para(
      t(
        'We also obtained your credit score from this consumer reporting agency and used it in making our credit decision. Your credit score is a number that reflects the information in your consumer report. Your credit score can change, depending on how the information in your consumer report changes.',
      ),
    ) +
    `<div class="score">${lines([
      t('Your credit score: {score}', { score: String(used.score) }),
      t('Date your credit score was created: {date}', { date: calendarDayIn(input.lang, used.createdOn) }),
      t('Scores range from a low of {min} to a high of {max}.', { min: String(used.min), max: String(used.max) }),
    ])}</div>` +
    para(t('Key factors that adversely affected your credit score:')) +
    `<ul>${used.keyFactors.map((factor) => `<li>${esc(factor)}</li>`).join('')}</ul>`;
  const fcra = bureau
    ? section(
        t('Your credit report'),
        para(
          t(
            'Our decision was based in whole or in part on information in a report we obtained from the consumer reporting agency named below.',
          ),
        ) +
          lines([bureau.name, bureau.address, t('Toll-free phone: {phone}', { phone: bureau.phone })]) +
          (score ? scoreDisclosure(score) : '') +
          para(t('The consumer reporting agency did not make this decision and cannot tell you the specific reasons for it.')) +
          para(
            t(
              'Under the Fair Credit Reporting Act you have the right to a free copy of your report from that agency if you ask for it within 60 days of receiving this notice.',
            ),
          ) +
          para(
            t(
              'You also have the right to dispute with the consumer reporting agency the accuracy or completeness of any information in the report it gives you.',
            ),
          ),
      )
    : '';

  const title = t('Notice of Action Taken');
  const html = `<!doctype html><html lang="${esc(input.lang)}"><head><meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; font-src data:; style-src 'unsafe-inline'">
<title>${esc(title)}</title>
<style>${printStylesheet()}${NOTICE_RULES}</style></head><body class="notice">
<header class="masthead"><div><div class="dealer">${esc(input.creditor.name)}</div><div class="title">${esc(title)}</div></div>
<div class="reference"><strong>${esc(t('Date: {date}', { date: dateIn(input.lang, input.timeZone, input.issuedAt) }))}</strong>${esc(
    t('Application #{id}', { id: input.applicationId }),
  )}</div></header>
<div class="parties">
<div><h3>${esc(t('Applicant'))}</h3>${lines([input.applicant.name, ...input.applicant.addressLines])}</div>
<div><h3>${esc(t('Creditor'))}</h3>${lines([input.creditor.name, input.creditor.address, input.creditor.phone])}</div>
</div>
${section(t('Action taken'), para(t('Thank you for applying to us for credit.')) + para(action))}
${section(t('Principal reasons for our decision'), `<ul>${reasons.map((reason) => `<li>${esc(reason)}</li>`).join('')}</ul>`)}
${fcra}
${section(
  t('Your rights under the Equal Credit Opportunity Act'),
  para(
    t(
      'The federal Equal Credit Opportunity Act prohibits creditors from discriminating against credit applicants on the basis of race, color, religion, national origin, sex, marital status or age (provided the applicant is old enough to enter into a binding contract); because all or part of the applicant’s income comes from any public assistance program; or because the applicant has in good faith exercised any right under the Consumer Credit Protection Act.',
    ),
  ) +
    para(t('The federal agency that administers compliance with this law concerning this creditor is:')) +
    `<div class="agency">${lines(ECOA_AGENCY_ADDRESS)}</div>`,
)}
</body></html>`;

  const footerHtml = `<div style="${FOOTER_STYLE}"><span>${esc(input.creditor.name)}</span><span>${esc(
    t('Notice #{id}', { id: input.noticeId }),
  )}</span></div>`;
  return { html, footerHtml, info: { title, creator: input.creditor.name, producer: input.creditor.name } };
}
