import './application.css';
import { useLingui } from '@lingui/react';
import { useIsMutating } from '@tanstack/react-query';
import { useAtomValue, useSetAtom } from 'jotai';
import * as v from 'valibot';
import { carUuidSchema } from '../../../../domain/cars.ts';
import { useEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { Navigate, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { DraftAnswer } from '../../../../domain/contracts/applications.ts';
import { formatMoment } from '../../../../domain/date-time.ts';
import { useSite } from '../../lib/api/get-site.ts';
import { useFormGuard } from '../../host/index.ts';
import { draftAtom, resetDraftAtom, toDraft } from '../../lib/application-draft.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useDeleteDraft } from './api/delete-draft.ts';
import { useServerDraft } from './api/get-draft.ts';
import { useMyApplication } from '../../lib/api/get-my-application.ts';
import { useSaveDraft } from './api/save-draft.ts';
import { submitApplicationKey } from './api/submit-application.ts';
import { useTabDraft } from './tab-draft.ts';
import { DealKeeper } from './deal/deal-keeper.tsx';
import { ApplicationStatusView } from './status/application-status-view.tsx';
import { OtherCarNotice } from './status/other-car-notice.tsx';
import { IntroStep } from './steps/intro-step.tsx';
import { firstInvalidStep, hasAnswers, savedDraftOf, STEPS, stepPath, type StepId } from './wizard-steps.ts';

/** Our own choice (docs/product/limits.md#limits-and-constants): long enough to save once per pause in typing, short enough to lose nothing. */
const SAVE_DELAY_MS = 800;

function Loading() {
  const { i18n } = useLingui();
  return (
    <p className="page page--narrow inline-status" role="status">
      {i18n._('Loading...')}
    </p>
  );
}

/**
 * Saves the draft to the server a moment after each change (save and resume on any device), and
 * guards the answers while the wizard is open (useFormGuard).
 */
function DraftAutosave() {
  const draft = useAtomValue(draftAtom);
  const { mutate } = useSaveDraft();
  // What the server holds: the draft this visit started from, then each draft it confirmed.
  const [saved, setSaved] = useState(draft);
  const unsaved = draft !== saved && (hasAnswers(draft) || draft.carId !== '');
  // A save landing after the submission would be refused (409): the submission ends the draft.
  const submitting = useIsMutating({ mutationKey: submitApplicationKey }) > 0;
  const applied = Boolean(useMyApplication().data);

  useEffect(() => {
    if (!unsaved || submitting || applied) return;
    const timer = setTimeout(() => mutate(savedDraftOf(draft), { onSuccess: () => setSaved(draft) }), SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, unsaved, submitting, applied, mutate]);

  useFormGuard({ inProgress: hasAnswers(draft), unsaved });
  return null;
}

/** Deleting the saved answers and photos cannot be undone, so Start over asks first and says what goes. */
function StartOverConfirmation({ pending, onConfirm, onCancel }: { pending: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { i18n } = useLingui();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  return (
    <div className="notice start-over" role="group" aria-labelledby="start-over-title">
      <h2 id="start-over-title" ref={heading} tabIndex={-1}>
        {i18n._('Delete your saved application?')}
      </h2>
      <p>{i18n._('Your answers and the photos of your driver license will be deleted. This cannot be undone.')}</p>
      <div className="button-row">
        <button type="button" className="button start-over__delete" disabled={pending} onClick={onConfirm}>
          {i18n._('Delete and start over')}
        </button>
        <button type="button" className="button button--secondary" onClick={onCancel}>
          {i18n._('Keep my answers')}
        </button>
      </div>
    </div>
  );
}

/** "Welcome back": the draft saved on this or another device, continued or discarded. */
function ResumePrompt({ saved, onDone }: { saved: DraftAnswer; onDone: () => void }) {
  const { i18n } = useLingui();
  const navigate = useNavigate();
  const setDraft = useSetAtom(draftAtom);
  const resetDraft = useSetAtom(resetDraftAtom);
  const discard = useDeleteDraft();
  const heading = useRef<HTMLHeadingElement>(null);
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  usePageTitle(i18n._('Car loan application'));
  const savedAt = formatMoment(saved.updatedAt, i18n.locale, useSite().data?.timeZone, 'compact');
  return (
    <section className="page page--narrow wizard" aria-labelledby="resume-title">
      <h1 id="resume-title" ref={heading} tabIndex={-1}>
        {i18n._('Welcome back — continue where you left off?')}
      </h1>
      <p>{i18n._('You started an application on {date}. Your answers were saved.', { date: savedAt })}</p>
      {discard.isError ? <p role="alert">{i18n._('We could not delete the saved application. Try again.')}</p> : null}
      <div className="button-row">
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            const draft = toDraft(saved.draft);
            setDraft(draft);
            onDone();
            void navigate(stepPath(firstInvalidStep(draft) ?? 'review'), { replace: true });
          }}
        >
          {i18n._('Continue')}
        </button>
        <button type="button" className="button button--secondary" aria-expanded={confirming} onClick={() => setConfirming(true)}>
          {i18n._('Start over')}
        </button>
      </div>
      {confirming ? (
        <StartOverConfirmation
          pending={discard.isPending}
          onCancel={() => setConfirming(false)}
          onConfirm={() =>
            discard.mutate(undefined, {
              onSuccess: () => {
                resetDraft();
                onDone();
                void navigate('/application', { replace: true });
              },
            })
          }
        />
      ) : null}
    </section>
  );
}

/**
 * Opens the wizard once the server's draft is known: resumed, discarded, or none to speak of. The
 * deal a link brings is kept from the first moment, before the saved draft is asked about.
 */
function Wizard() {
  useEffect(preloadLaterSteps, []);
  return (
    <>
      <DealKeeper />
      <WizardSteps />
    </>
  );
}

function WizardSteps() {
  const local = useTabDraft();
  // Answers in this tab (a reload) are the newest: they are kept without asking. Read once, on the
  // first render that sees the tab's draft (the hydration of the server's markup does not).
  const [answersOnEntry, setAnswersOnEntry] = useState(() => (local ? hasAnswers(local) : null));
  if (answersOnEntry === null && local) setAnswersOnEntry(hasAnswers(local));
  const [resolved, setDecided] = useState(false);
  const decided = resolved || answersOnEntry === true;
  const server = useServerDraft({ enabled: !decided });
  if (!decided && server.isPending) return <Loading />;
  if (!decided && server.data && hasAnswers(toDraft(server.data.draft))) {
    return <ResumePrompt saved={server.data} onDone={() => setDecided(true)} />;
  }
  return (
    <>
      <DraftAutosave />
      <Outlet />
    </>
  );
}

/** A step opens only once every step before it is valid; otherwise the first invalid one opens. */
function StepGuard({ step, children }: { step: StepId; children: ReactNode }) {
  const draft = useAtomValue(draftAtom);
  const firstInvalid = useMemo(() => firstInvalidStep(draft), [draft]);
  if (firstInvalid && STEPS.indexOf(firstInvalid) < STEPS.indexOf(step)) return <Navigate to={stepPath(firstInvalid)} replace />;
  return children;
}

const guarded = (step: StepId, Step: ComponentType) =>
  function GuardedStep() {
    return (
      <StepGuard step={step}>
        <Step />
      </StepGuard>
    );
  };

/**
 * The child routes of /application (app/router.tsx). The first step comes with the wizard; each
 * later one is a chunk of its own, so the page the server renders carries none of the forms, their
 * masks and their validation (docs/operations/benchmarks.md#pages). The wizard fetches them once
 * the page is idle (preloadLaterSteps), so Next never waits for one.
 */
export const applicationSteps = {
  intro: () => Promise.resolve(IntroStep),
  personal: async () => guarded('personal', (await import('./steps/personal-step.tsx')).PersonalStep),
  housing: async () => guarded('housing', (await import('./steps/housing-step.tsx')).HousingStep),
  income: async () => guarded('income', (await import('./steps/income-step.tsx')).IncomeStep),
  license: async () => guarded('license', (await import('./steps/license-step.tsx')).LicenseStep),
  review: async () => guarded('review', (await import('./steps/review-step.tsx')).ReviewStep),
} satisfies Record<StepId | 'intro', () => Promise<ComponentType>>;

function preloadLaterSteps(): () => void {
  const preload = () => {
    for (const load of Object.values(applicationSteps)) load().catch(() => {});
  };
  // Safari has no requestIdleCallback; a moment after the page settles does there.
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(preload, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(preload, 1000);
  return () => window.clearTimeout(timer);
}

/**
 * /application: the credit application wizard (docs/product/application-wizard.md#application-wizard), or the application's status once the
 * applicant has submitted one (docs/product/application-wizard.md#application-status-for-the-applicant).
 */
export default function ApplicationPage() {
  const mine = useMyApplication();
  const { pathname } = useLocation();
  const resetDraft = useSetAtom(resetDraftAtom);
  // The car someone arrived with: the car page links one who has applied to /application?car=…,
  // and an Apply button puts it in the draft, which an existing application then clears.
  const [searchParams, setSearchParams] = useSearchParams();
  const carFromLink = searchParams.get('car') ?? '';
  const draftCarId = useTabDraft()?.carId ?? '';
  const incomingCarId = carFromLink || draftCarId;
  const [arrivedWith, setArrivedWith] = useState(incomingCarId);
  const [seenCarId, setSeenCarId] = useState(incomingCarId);
  if (incomingCarId !== seenCarId) {
    setSeenCarId(incomingCarId);
    if (incomingCarId !== '') setArrivedWith(incomingCarId);
  }
  const noticeDone = () => {
    setArrivedWith('');
    if (carFromLink) setSearchParams({}, { replace: true });
  };
  const submitted = mine.data !== undefined && mine.data !== null;
  // One application per applicant: once there is one, the draft has served its purpose.
  useEffect(() => {
    if (submitted) resetDraft();
  }, [submitted, resetDraft]);
  if (mine.isPending) return <Loading />;
  if (mine.data) {
    if (pathname !== '/application') return <Navigate to="/application" replace />;
    const otherCar = v.is(carUuidSchema, arrivedWith) && arrivedWith !== mine.data.car?.uuid ? arrivedWith : null;
    return (
      <div className="page page--narrow">
        {otherCar ? <OtherCarNotice application={mine.data} carId={otherCar} onDone={noticeDone} /> : null}
        <ApplicationStatusView application={mine.data} />
      </div>
    );
  }
  return <Wizard />;
}
