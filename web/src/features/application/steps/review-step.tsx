import { useLingui } from '@lingui/react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useAtomValue } from 'jotai';
import { Fragment, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router';
import * as v from 'valibot';
import { buildSubmissionPayload } from '../../../../../domain/application-mapping.ts';
import { CONSENTS, findConsentProblems, type ConsentKind, type ConsentTerms } from '../../../../../domain/consents.ts';
import type { ConsentText } from '../../../../../domain/contracts/applications.ts';
import type { ApplicationDeal } from '../../../../../domain/deals/application-deal.schema.ts';
import { employmentQuestions } from '../../../../../domain/employment.ts';
import { employmentStatusLabels, housingStatusLabels, maritalStatusLabels, suffixLabels } from '../../../../../domain/enums.ts';
import { formatDollarsAndCents, formatSsnMasked } from '../../../../../domain/format.ts';
import { validationMessages as m } from '../../../../../domain/messages.ts';
import { usStateName } from '../../../../../domain/us-states.ts';
import { createApplicationDraftSchema, type AddressFormValues, type ApplicationDraft } from '../../../../../domain/wizard.schema.ts';
import { toast } from '../../../components/toasts.tsx';
import { useBackAction, useHost, useMainButton } from '../../../host/index.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { dealFieldErrors } from '../../../lib/deals/deal-choice.ts';
import { draftAtom } from '../../../lib/application-draft.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { useConsents } from '../api/get-consents.ts';
import { dealsQueryKey } from '../../../lib/api/get-deal-settings.ts';
import { meQueryOptions } from '../../../lib/api/get-me.ts';
import { myApplicationQueryKey } from '../../../lib/api/get-my-application.ts';
import { useSubmitApplication } from '../api/submit-application.ts';
import { ChosenCar } from '../components/chosen-car.tsx';
import { useApplicationDeal, type ReviewDeal } from '../deal/application-deal.ts';
import { DEAL_SECTION_ID, DealSection, type DealRefusal } from '../deal/deal-section.tsx';
import { StepHeader, useStepBack, WizardBackBar } from '../components/step-shell.tsx';
import { STEP_TITLES, stepOfSubmissionField, stepPath, type FormStepId } from '../wizard-steps.ts';
import { wordingOf } from './work-wording.ts';

function ReviewSection({ step, children }: { step: FormStepId; children: ReactNode }) {
  const { i18n } = useLingui();
  const title = i18n._(STEP_TITLES[step]);
  return (
    <section className="review-section" aria-labelledby={`review-${step}`}>
      <div className="review-section__head">
        <h2 id={`review-${step}`}>{title}</h2>
        <Link to={`${stepPath(step)}?return=review`} className="review-section__edit">
          {i18n._('Edit')}
          <span className="visually-hidden"> {title}</span>
        </Link>
      </div>
      <dl className="review-list">{children}</dl>
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="review-list__row">
      <dt>{label}</dt>
      <dd>{children === '' || children === null || children === undefined ? '—' : children}</dd>
    </div>
  );
}

function AddressText({ address }: { address: AddressFormValues }) {
  return (
    <>
      {address.line1}
      {address.line2 ? `, ${address.line2}` : ''}
      <br />
      {address.city}, {usStateName(address.state) ?? address.state} {address.postalCode}
    </>
  );
}

/** An address breaks only before the @ and after each dot, never inside a word. */
function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?=@)|(?<=\.)/);
  return (
    <span className="review-email">
      {parts.map((part, index) => (
        <Fragment key={index}>
          {index > 0 ? <wbr /> : null}
          {part}
        </Fragment>
      ))}
    </span>
  );
}

function SsnRow({ ssn }: { ssn: string }) {
  const { i18n } = useLingui();
  const [shown, setShown] = useState(false);
  return (
    <Row label={i18n._('Social Security number')}>
      <span className="review-ssn">{shown ? ssn : formatSsnMasked(ssn)}</span>{' '}
      <button
        type="button"
        className="button button--ghost review-ssn__toggle"
        aria-pressed={shown}
        onClick={() => setShown((value) => !value)}
      >
        {shown ? i18n._('Hide SSN') : i18n._('Show SSN')}
      </button>
    </Row>
  );
}

function Answers({ draft }: { draft: ApplicationDraft }) {
  const { i18n } = useLingui();
  const { personal, housing, income } = draft;
  const money = (amount: number | undefined) => (amount === undefined ? '' : formatDollarsAndCents(amount, i18n.locale));
  const time = (years: number, months: number) =>
    i18n._('{years, plural, one {# year} other {# years}}, {months, plural, one {# month} other {# months}}', { years, months });
  const asked = employmentQuestions(income.employmentStatus);
  const words = wordingOf(income.employmentStatus);
  return (
    <>
      <ReviewSection step="personal">
        <Row label={i18n._('Name')}>
          {personal.firstName} {personal.lastName}
          {personal.suffix === 'none' ? '' : ` ${suffixLabels[personal.suffix]}`}
        </Row>
        <Row label={i18n._('Date of birth')}>{personal.dateOfBirth}</Row>
        <Row label={i18n._('Email')}>
          <EmailText email={personal.email} />
        </Row>
        <Row label={i18n._('Phone number')}>{personal.phone}</Row>
        <SsnRow ssn={personal.ssn} />
        <Row label={i18n._('Marital status')}>{i18n._(maritalStatusLabels[personal.maritalStatus])}</Row>
      </ReviewSection>
      <ReviewSection step="housing">
        <Row label={i18n._('Housing status')}>{i18n._(housingStatusLabels[housing.ownership])}</Row>
        <Row label={i18n._('Monthly housing payment, $')}>{money(housing.monthlyPayment)}</Row>
        <Row label={i18n._('Current address')}>
          <AddressText
            address={{
              line1: housing.address,
              line2: housing.suiteAptNumber,
              city: housing.city,
              state: housing.state,
              postalCode: housing.postalCode,
            }}
          />
        </Row>
        <Row label={i18n._('Time at current address')}>{time(housing.yearsAtAddress, housing.monthsAtAddress)}</Row>
        {housing.previousAddress ? (
          <Row label={i18n._('Previous address')}>
            <AddressText address={housing.previousAddress} />
          </Row>
        ) : null}
      </ReviewSection>
      <ReviewSection step="income">
        <Row label={i18n._('Employment status')}>{i18n._(employmentStatusLabels[income.employmentStatus])}</Row>
        <Row label={i18n._('Monthly income, $')}>{money(income.monthlyIncome)}</Row>
        <Row label={i18n._(words.name)}>{asked.school ? income.schoolName : income.employerName}</Row>
        {asked.occupation && words.occupation ? <Row label={i18n._(words.occupation)}>{income.occupation}</Row> : null}
        {asked.phone ? (
          <Row label={asked.school ? i18n._('School phone') : i18n._('Work phone')}>
            {asked.school ? income.schoolPhone : income.employerPhone}
          </Row>
        ) : null}
        {asked.address && income.state ? (
          <Row label={i18n._("Employer's address")}>
            <AddressText
              address={{
                line1: income.streetAddress,
                line2: income.suitNumber,
                city: income.city,
                state: income.state,
                postalCode: income.zip,
              }}
            />
          </Row>
        ) : null}
        <Row label={i18n._(words.time)}>{time(income.yearsAtEmployer, income.monthsAtEmployer)}</Row>
        <Row label={i18n._('Additional income')}>
          {income.additionalIncomeSource ? `${income.additionalIncomeSource}: ${money(income.additionalIncomeAmount ?? 0)}` : ''}
        </Row>
        {income.previousEmployment ? (
          <Row label={i18n._('Previous employment')}>
            {income.previousEmployment.employerName}, {income.previousEmployment.occupation} ·{' '}
            {i18n._(employmentStatusLabels[income.previousEmployment.status])} ·{' '}
            {time(income.previousEmployment.yearsEmployed, income.previousEmployment.monthsEmployed)}
            <br />
            <AddressText address={income.previousEmployment.address} />
          </Row>
        ) : null}
        {income.noPreviousEmployment ? (
          <Row label={i18n._('Previous employment')}>{i18n._('None: I have had no job before this one')}</Row>
        ) : null}
      </ReviewSection>
      <ReviewSection step="license">
        <Row label={i18n._('Front of license')}>{i18n._('Uploaded')}</Row>
        <Row label={i18n._('Back of license')}>{i18n._('Uploaded')}</Row>
      </ReviewSection>
    </>
  );
}

/** The server's consent texts with the domain's message for each one left unticked. */
function termsOf(consents: readonly ConsentText[]): ConsentTerms[] {
  return consents.map((consent) => {
    const missingMessage = CONSENTS.find((known) => known.kind === consent.kind)?.missingMessage;
    return missingMessage ? { ...consent, missingMessage } : consent;
  });
}

type Accepted = Partial<Record<ConsentKind, string>>;

const CONSENTS_ID = 'consents';
/** The privacy notice the privacy consent acknowledges; the other consents' labels are their full texts. */
const PRIVACY_NOTICE_PATH = '/privacy';

/** Takes the applicant to the first consent still to tick. */
function goToConsents() {
  const box =
    document.querySelector<HTMLInputElement>(`#${CONSENTS_ID} input[aria-invalid="true"]`) ??
    document.querySelector<HTMLInputElement>(`#${CONSENTS_ID} input`);
  box?.scrollIntoView({ block: 'center' });
  box?.focus();
}

function Consents({
  consents,
  accepted,
  onChange,
  showErrors,
}: {
  consents: readonly ConsentText[];
  accepted: Accepted;
  onChange: (next: Accepted) => void;
  showErrors: boolean;
}) {
  const { i18n } = useLingui();
  const problems = findConsentProblems(acceptancesOf(consents, accepted), termsOf(consents));
  return (
    <fieldset id={CONSENTS_ID} className="wizard-section consents">
      <legend>{i18n._('Consents')}</legend>
      {consents.map((consent) => {
        const id = `consent-${consent.kind}`;
        const errorId = `${id}-error`;
        const outdated = accepted[consent.kind] !== undefined && accepted[consent.kind] !== consent.version;
        const missing = showErrors ? problems.missing.find((problem) => problem.kind === consent.kind) : undefined;
        const error = outdated ? m.consentOutdated : missing?.message;
        return (
          <div key={consent.kind} className={error ? 'consent field--invalid' : 'consent'}>
            <input
              id={id}
              type="checkbox"
              className="consent__box"
              checked={accepted[consent.kind] === consent.version}
              aria-required={consent.required}
              aria-invalid={error !== undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) => {
                const next = { ...accepted };
                if (event.target.checked) next[consent.kind] = consent.version;
                else delete next[consent.kind];
                onChange(next);
              }}
            />
            <label htmlFor={id} className="consent__text">
              {consent.text}
              {consent.required ? null : <span className="field__optional"> {i18n._('(optional)')}</span>}
            </label>
            {consent.kind === 'privacy_notice' ? (
              <a className="consent__document" href={PRIVACY_NOTICE_PATH} target="_blank" rel="noopener">
                {i18n._('Read the Privacy Notice')}
              </a>
            ) : null}
            {error ? (
              <p id={errorId} className="field__error">
                {i18n._(error)}
              </p>
            ) : null}
          </div>
        );
      })}
    </fieldset>
  );
}

function acceptancesOf(consents: readonly ConsentText[], accepted: Accepted) {
  return consents.filter((consent) => accepted[consent.kind] === consent.version).map(({ kind, version }) => ({ kind, version }));
}

/** Takes the applicant to their deal, where what is wrong with it is said. */
function goToDeal() {
  const section = document.getElementById(DEAL_SECTION_ID);
  section?.scrollIntoView({ block: 'start' });
  section?.focus();
}

/** What went wrong on Submit; a missing consent's message leads to the consents, a deal's to the deal. */
interface Failure {
  message: string;
  leadsTo: 'consents' | 'deal' | null;
}

/** A submission's 400 that names the deal: what it said, for the deal it was said of. */
interface RefusedDeal {
  params: string;
  refusal: DealRefusal;
}

const isDealField = (field: string) => field === 'deal' || field.startsWith('deal.');

/**
 * The deal the submission carries: the latest quote's, or null without a deal. A deal still being
 * priced, or one that cannot be, is never left out silently: the applicant changes or removes it.
 */
function dealToSend(deal: ReviewDeal): ApplicationDeal | null | 'pending' | 'unpriced' {
  switch (deal.state) {
    case 'none':
      return null;
    case 'loading':
      return 'pending';
    case 'priced':
      return deal.deal ?? 'pending';
    case 'unpriceable':
    case 'failed':
      return 'unpriced';
  }
}

/** One submission attempt: the same body is retried with the same key, so the server makes one application. */
interface Attempt {
  body: string;
  key: string;
}

/** Step 5, Review Your Application, and Submit Application (docs/product/application-wizard.md#review-and-submit). */
export function ReviewStep() {
  const { i18n } = useLingui();
  const [lang] = useLanguage();
  const host = useHost();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const draftInput = useAtomValue(draftAtom);
  const consents = useConsents(lang);
  const me = useQuery(meQueryOptions());
  const submission = useSubmitApplication();
  const back = useStepBack('review');
  const pageBack = useBackAction(back);
  const [accepted, setAccepted] = useState<Accepted>({});
  const [showErrors, setShowErrors] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const reviewDeal = useApplicationDeal();
  const [refusedDeal, setRefusedDeal] = useState<RefusedDeal | null>(null);
  const attempt = useRef<Attempt | null>(null);
  const alertBox = useRef<HTMLDivElement>(null);
  // Set synchronously and held until the answer, and for good once it is a success: a double click
  // lands while the first click still awaits who the user is, before the mutation reports pending, or
  // on a slow device only after the first application was accepted and the step is on its way out.
  const preparing = useRef(false);

  const parsed = v.safeParse(createApplicationDraftSchema(), draftInput);
  const draft = parsed.success ? parsed.output : null;

  useEffect(() => {
    if (failure) alertBox.current?.focus();
  }, [failure]);

  const fail = (message: string, leadsTo: Failure['leadsTo'] = null) => {
    host.haptic('error');
    setFailure({ message, leadsTo });
  };

  const onSubmitError = (error: unknown) => {
    if (!(error instanceof ApiError))
      return fail(i18n._('We could not send your application. Your answers are kept: press Submit Application again.'));
    switch (error.code) {
      case 'application_exists':
        void queryClient.invalidateQueries({ queryKey: myApplicationQueryKey });
        return;
      case 'consent_outdated':
        void consents.refetch();
        return fail(i18n._('The consent texts have changed since you read them. Read them again, tick them and submit.'), 'consents');
      case 'idempotency_key_reused':
        attempt.current = null;
        return fail(i18n._('We could not send your application. Your answers are kept: press Submit Application again.'));
      case 'rate_limited':
        return fail(i18n._('Too many attempts. Wait a minute, then press Submit Application again.'));
      case 'deal_changed':
        // The settings changed since the deal was priced: price it again and let the applicant check it.
        attempt.current = null;
        void queryClient.invalidateQueries({ queryKey: dealsQueryKey });
        return fail(i18n._('The figures of your deal changed: check them and submit again.'), 'deal');
      case 'bad_request': {
        const dealFields = Object.entries(error.fields ?? {}).filter(([field]) => isDealField(field));
        if (dealFields.length > 0 && reviewDeal.state !== 'none') {
          setRefusedDeal({ params: reviewDeal.draft.params, refusal: dealFieldErrors(Object.fromEntries(dealFields)) });
          return fail(i18n._('Your deal was not accepted: correct it or remove it, then submit.'), 'deal');
        }
        const first = Object.keys(error.fields ?? {})[0];
        const step = first === undefined ? 'review' : stepOfSubmissionField(first);
        if (step !== 'review') {
          toast.error(i18n._('Some answers were not accepted. Check this step and continue to the review.'));
          void navigate(`${stepPath(step)}?return=review`);
          return;
        }
        return fail(i18n._('Some answers were not accepted. Check them and submit again.'));
      }
      default:
        return fail(
          i18n._('We could not send your application. Your answers are kept: check your connection and press Submit Application again.'),
        );
    }
  };

  const submit = async () => {
    if (submission.isPending || preparing.current || !draft) return;
    preparing.current = true;
    let sent = false;
    try {
      sent = await prepareAndSend(draft);
    } finally {
      preparing.current = sent;
    }
  };

  /** Whether the application was accepted. */
  const prepareAndSend = async (draft: ApplicationDraft): Promise<boolean> => {
    setFailure(null);
    setShowErrors(true);
    const list = consents.data ?? [];
    const acceptances = acceptancesOf(list, accepted);
    const problems = findConsentProblems(acceptances, termsOf(list));
    if (list.length === 0 || problems.missing.length > 0 || problems.outdated.length > 0) {
      fail(i18n._('Tick the required consents to submit your application.'), 'consents');
      return false;
    }
    const deal = dealToSend(reviewDeal);
    if (deal === 'pending') {
      fail(i18n._('Your deal is still being priced. Wait for its figures, then submit.'), 'deal');
      return false;
    }
    if (deal === 'unpriced') {
      fail(i18n._('Your deal cannot be priced as it is. Change it or remove it, then submit.'), 'deal');
      return false;
    }
    // The answer cached on entry may predate the guest that the photo uploads created: ask again.
    const userId = me.data?.user?.id ?? (await me.refetch()).data?.user?.id;
    if (userId === undefined) {
      fail(i18n._('We could not confirm who you are. Upload your license photos again, or reload the page, then submit.'));
      return false;
    }
    const body = { ...buildSubmissionPayload(draft, { userId }), consents: acceptances, deal };
    const text = JSON.stringify(body);
    if (attempt.current?.body !== text) attempt.current = { body: text, key: crypto.randomUUID() };
    // The application page shows the status as soon as the answer arrives (and clears the draft),
    // so the outcome is read from the promise, which settles even once this step has gone.
    return submission.mutateAsync({ body, idempotencyKey: attempt.current.key }).then(
      () => {
        attempt.current = null;
        host.haptic('success');
        return true;
      },
      (error: unknown) => {
        onSubmitError(error);
        return false;
      },
    );
  };

  useMainButton({
    text: i18n._('Submit Application'),
    loading: submission.isPending,
    enabled: draft !== null && !submission.isPending,
    onClick: () => void submit(),
  });

  return (
    <section className="page page--narrow wizard" aria-labelledby="wizard-step-title" aria-busy={submission.isPending || undefined}>
      <StepHeader step="review" />
      {failure ? (
        <div ref={alertBox} className="error-summary" role="alert" tabIndex={-1}>
          <p className="error-summary__title">
            {failure.leadsTo ? (
              <a
                href={`#${failure.leadsTo === 'deal' ? DEAL_SECTION_ID : CONSENTS_ID}`}
                onClick={(event) => {
                  event.preventDefault();
                  if (failure.leadsTo === 'deal') goToDeal();
                  else goToConsents();
                }}
              >
                {failure.message}
              </a>
            ) : (
              failure.message
            )}
          </p>
        </div>
      ) : null}
      {submission.isPending ? (
        <p className="inline-status" role="status">
          {i18n._('Sending your application…')}
        </p>
      ) : null}
      {draft ? <Answers draft={draft} /> : null}
      <ChosenCar />
      <DealSection
        deal={reviewDeal}
        refusal={
          refusedDeal !== null && reviewDeal.state !== 'none' && refusedDeal.params === reviewDeal.draft.params ? refusedDeal.refusal : null
        }
      />
      {consents.data ? (
        <Consents consents={consents.data} accepted={accepted} onChange={setAccepted} showErrors={showErrors} />
      ) : consents.isError ? (
        <p role="alert">
          {i18n._('We could not load the consent texts.')}{' '}
          <button type="button" className="button button--ghost" onClick={() => void consents.refetch()}>
            {i18n._('Try again')}
          </button>
        </p>
      ) : (
        <p>{i18n._('Loading...')}</p>
      )}
      {pageBack ? <WizardBackBar onBack={back} /> : null}
    </section>
  );
}
