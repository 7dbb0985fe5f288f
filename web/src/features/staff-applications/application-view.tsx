import { useLingui } from '@lingui/react';
import type { ReactNode } from 'react';
import type { StaffApplication } from '../../../../domain/contracts/applications.ts';
import { employmentStatusLabels, housingStatusLabels, maritalStatusLabels } from '../../../../domain/enums.ts';
import { formatDateFromApi } from '../../../../domain/dates.ts';
import { hasOtherIncome } from '../../../../domain/application-mapping.ts';
import { formatMoney, formatPhoneDisplay, requiresPreviousHistory } from '../../../../domain/format.ts';
import { CONSENTS } from '../../../../domain/consents.ts';
import { useDealerTimeZone } from '../../lib/staff/dealer-time-zone.ts';
import { EMPTY, formatDateTime } from '../../lib/staff/format.ts';
import { ADDRESS_LABELS, CONSENT_LABELS, EMPLOYMENT_LABELS, FIELD_LABELS } from './labels.ts';
import { SsnValue } from './ssn-value.tsx';
import { DetailItem } from '../../components/staff/detail-item.tsx';

type Address = NonNullable<StaffApplication['address']>;
type Employment = NonNullable<StaffApplication['currentEmployment']>;

/** A nested group of labelled lines (an address, an employment), or an em dash when absent. */
function Group({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="detail-item detail-item--group">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function AddressLines({ address }: { address: Address | null }) {
  const { i18n } = useLingui();
  if (!address) return <>{EMPTY}</>;
  return (
    <dl className="detail-lines">
      {(Object.keys(ADDRESS_LABELS) as Array<keyof typeof ADDRESS_LABELS>).map((key) => (
        <DetailItem key={key} label={i18n._(ADDRESS_LABELS[key])}>
          {address[key]}
        </DetailItem>
      ))}
    </dl>
  );
}

function useMonths() {
  const { i18n } = useLingui();
  return (months: number | undefined | null) =>
    months === undefined || months === null ? EMPTY : i18n._('{months, plural, one {# month} other {# months}}', { months });
}

function EmploymentLines({ employment }: { employment: Employment | null }) {
  const { i18n } = useLingui();
  const months = useMonths();
  if (!employment) return <>{EMPTY}</>;
  return (
    <dl className="detail-lines">
      <DetailItem label={i18n._(EMPLOYMENT_LABELS.employerName)}>{employment.employerName}</DetailItem>
      <DetailItem label={i18n._(EMPLOYMENT_LABELS.occupation)}>{employment.occupation}</DetailItem>
      <DetailItem label={i18n._(EMPLOYMENT_LABELS.workPhone)}>
        {employment.workPhone ? formatPhoneDisplay(employment.workPhone) : null}
      </DetailItem>
      <DetailItem label={i18n._(EMPLOYMENT_LABELS.status)}>{i18n._(employmentStatusLabels[employment.status])}</DetailItem>
      <DetailItem label={i18n._(EMPLOYMENT_LABELS.totalMonthsEmployed)}>{months(employment.totalMonthsEmployed)}</DetailItem>
      <Group label={i18n._(EMPLOYMENT_LABELS.employerAddress)}>
        <AddressLines address={employment.employerAddress} />
      </Group>
    </dl>
  );
}

/**
 * Every consent the review step asks for, each as given (with when) or declined: what the
 * applicant agreed to, as the PDF lists it, rather than one yes for all.
 */
function ConsentLines({ consents }: { consents: StaffApplication['consents'] }) {
  const { i18n } = useLingui();
  const timeZone = useDealerTimeZone();
  return (
    <dl className="detail-lines">
      {CONSENTS.map(({ kind }) => {
        const given = consents.find((consent) => consent.kind === kind);
        return (
          <DetailItem key={kind} label={i18n._(CONSENT_LABELS[kind])}>
            {given ? i18n._('Given {date}', { date: formatDateTime(given.acceptedAt, i18n.locale, timeZone) }) : i18n._('Declined')}
          </DetailItem>
        );
      })}
    </dl>
  );
}

/** Derived from the months given: two years or more at the address or job (docs/product/staff-dashboard.md#application-detail). */
function overTwoYears(months: number | undefined, yes: string, no: string): string {
  return months === undefined ? EMPTY : requiresPreviousHistory(months) ? no : yes;
}

/** The application read-only (docs/product/staff-dashboard.md#application-detail): Personal, Housing and Income sections. */
export function ApplicationView({ application }: { application: StaffApplication }) {
  const { i18n } = useLingui();
  const months = useMonths();
  const yes = i18n._('Yes');
  const no = i18n._('No');
  const money = (amount: number | null) => (amount === null ? null : formatMoney(amount));
  // docs/product/retention.md#data-retention: what the retention job erased reads "Erased", never blank or $0.
  const erased = application.erasedAt !== null;
  const ERASED = i18n._('Erased');
  const kept = (value: ReactNode) => (erased ? ERASED : value);
  return (
    <div className="detail-sections">
      <section className="card detail-section" aria-labelledby="section-personal">
        <h3 id="section-personal">{i18n._('Personal Information')}</h3>
        <dl className="detail-grid">
          <DetailItem label={i18n._(FIELD_LABELS.firstName)}>{application.firstName}</DetailItem>
          <DetailItem label={i18n._(FIELD_LABELS.lastName)}>{application.lastName}</DetailItem>
          <DetailItem label={i18n._(FIELD_LABELS.suffix)}>{application.suffix}</DetailItem>
          <DetailItem label={i18n._(FIELD_LABELS.dateOfBirth)}>
            {kept(application.dateOfBirth ? formatDateFromApi(application.dateOfBirth) : null)}
          </DetailItem>
          <DetailItem label={i18n._(FIELD_LABELS.email)}>{application.email}</DetailItem>
          <DetailItem label={i18n._(FIELD_LABELS.phone)}>{formatPhoneDisplay(application.phone)}</DetailItem>
          <DetailItem label={i18n._(FIELD_LABELS.ssn)}>
            {kept(<SsnValue applicationId={application.id} masked={application.ssnMasked} />)}
          </DetailItem>
          <DetailItem label={i18n._(FIELD_LABELS.maritalStatus)}>
            {kept(application.maritalStatus && i18n._(maritalStatusLabels[application.maritalStatus]))}
          </DetailItem>
          <Group label={i18n._('Consents')}>
            <ConsentLines consents={application.consents} />
          </Group>
        </dl>
      </section>
      <section className="card detail-section" aria-labelledby="section-housing">
        <h3 id="section-housing">{i18n._('Housing Information')}</h3>
        <dl className="detail-grid">
          <DetailItem label={i18n._(FIELD_LABELS.housingStatus)}>
            {kept(application.housingStatus && i18n._(housingStatusLabels[application.housingStatus]))}
          </DetailItem>
          <DetailItem label={i18n._(FIELD_LABELS.mortgageOrRentAmount)}>{kept(money(application.mortgageOrRentAmount))}</DetailItem>
          <DetailItem label={i18n._(FIELD_LABELS.monthsAtCurrentAddress)}>
            {kept(application.monthsAtCurrentAddress === null ? null : months(application.monthsAtCurrentAddress))}
          </DetailItem>
          <DetailItem label={i18n._('Lived here over 2 years')}>
            {kept(overTwoYears(application.monthsAtCurrentAddress ?? undefined, yes, no))}
          </DetailItem>
          <Group label={i18n._(FIELD_LABELS.address)}>{kept(<AddressLines address={application.address} />)}</Group>
          <Group label={i18n._(FIELD_LABELS.previousAddress)}>{kept(<AddressLines address={application.previousAddress} />)}</Group>
        </dl>
      </section>
      <section className="card detail-section" aria-labelledby="section-income">
        <h3 id="section-income">{i18n._('Income Information')}</h3>
        <dl className="detail-grid">
          <DetailItem label={i18n._(FIELD_LABELS.income)}>
            {application.income === null ? ERASED : formatMoney(application.income)}
          </DetailItem>
          <DetailItem label={i18n._(FIELD_LABELS.incomeFrequency)}>
            {kept(application.incomeFrequency && i18n._(application.incomeFrequency))}
          </DetailItem>
          <DetailItem label={i18n._(FIELD_LABELS.otherIncomeSource)}>{kept(application.otherIncomeSource)}</DetailItem>
          <DetailItem label={i18n._(FIELD_LABELS.otherIncomeAmount)}>
            {kept(hasOtherIncome(application) ? money(application.otherIncomeAmount) : null)}
          </DetailItem>
          <DetailItem label={i18n._('Worked there over 2 years')}>
            {kept(overTwoYears(application.currentEmployment?.totalMonthsEmployed, yes, no))}
          </DetailItem>
          <Group label={i18n._(FIELD_LABELS.currentEmployment)}>
            {kept(<EmploymentLines employment={application.currentEmployment} />)}
          </Group>
          <Group label={i18n._(FIELD_LABELS.previousEmployment)}>
            {erased ? (
              ERASED
            ) : application.previousEmployment === null && application.noPreviousEmployment ? (
              i18n._('None: the applicant declared no job before the current one.')
            ) : (
              <EmploymentLines employment={application.previousEmployment} />
            )}
          </Group>
        </dl>
      </section>
    </div>
  );
}
