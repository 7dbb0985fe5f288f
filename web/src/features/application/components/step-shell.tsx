import { valibotResolver } from '@hookform/resolvers/valibot';
import { useLingui } from '@lingui/react';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import {
  FormProvider,
  useForm,
  useFormState,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type UseFormReturn,
} from 'react-hook-form';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import type * as v from 'valibot';
import { ErrorSummary } from '../../../components/form/error-summary.tsx';
import { useBackAction, useHost, useMainButton } from '../../../host/index.ts';
import { usePageTitle } from '../../../lib/page-title.ts';
import { messagesNamingNoField } from '../../../../../domain/messages.ts';
import { messageAt } from './fields.tsx';
import { fieldId, nextStep, previousStep, STEP_TITLES, stepNumber, stepPath, STEPS, type StepId } from '../wizard-steps.ts';

/** What a step's URL carries when the wizard itself went there, so Back can return through history. */
interface WizardLocationState {
  fromStep?: StepId | 'intro';
}

/** Back to the step before; through history when the wizard came from there, so history does not grow. */
export function useStepBack(step: StepId): () => void {
  const navigate = useNavigate();
  const location = useLocation();
  const previous = previousStep(step) ?? 'intro';
  return () => {
    const state = location.state as WizardLocationState | null;
    if (state?.fromStep === previous) void navigate(-1);
    else void navigate(previous === 'intro' ? '/application' : stepPath(previous), { replace: true });
  };
}

/** Forward to the next step, or back to the review when the applicant came from its Edit link. */
export function useStepForward(step: StepId): () => void {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  return () => {
    const target = params.get('return') === 'review' ? 'review' : nextStep(step);
    if (target) void navigate(stepPath(target), { state: { fromStep: step } satisfies WizardLocationState });
  };
}

/** "Step 2 of 5", the steps as a list, and the step's heading, which takes focus when the step opens. */
export function StepHeader({ step }: { step: StepId }) {
  const { i18n } = useLingui();
  const title = i18n._(STEP_TITLES[step]);
  usePageTitle(title);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [step]);
  const current = stepNumber(step);
  return (
    <header className="wizard-header">
      <p className="wizard-progress__count">{i18n._('Step {current} of {total}', { current, total: STEPS.length })}</p>
      <ol className="wizard-progress" aria-label={i18n._('Application steps')}>
        {STEPS.map((id, index) => (
          <li
            key={id}
            className={
              index + 1 < current
                ? 'wizard-progress__step wizard-progress__step--done'
                : index + 1 === current
                  ? 'wizard-progress__step wizard-progress__step--current'
                  : 'wizard-progress__step'
            }
            aria-current={id === step ? 'step' : undefined}
          >
            <span className="wizard-progress__label">{i18n._(STEP_TITLES[id])}</span>
          </li>
        ))}
      </ol>
      <h1 ref={heading} id="wizard-step-title" tabIndex={-1} className="wizard-header__title">
        {title}
      </h1>
    </header>
  );
}

interface SummaryItem {
  path: string;
  id: string;
  /** The field's visible label. */
  field: string;
  /** The legend of the fieldset around the field, '' when there is none. */
  section: string;
}

const isFieldError = (value: unknown): value is { message: string } =>
  typeof value === 'object' && value !== null && 'type' in value && typeof (value as { message?: unknown }).message === 'string';

/** Dot paths of every error, nested groups included. */
function errorPaths(errors: unknown, prefix = ''): string[] {
  if (typeof errors !== 'object' || errors === null) return [];
  return Object.entries(errors).flatMap(([key, value]) => {
    if (key === '' || key === 'root') return [];
    const path = prefix ? `${prefix}.${key}` : key;
    return isFieldError(value) ? [path] : errorPaths(value, path);
  });
}

/**
 * In the order the fields appear on the page. A message that names its field stands alone; one that does
 * not ("Use only Latin letters…") gets the field's label. A field asked in more than one section (Street
 * address) also gets its section's legend.
 */
function summaryItems(errors: FieldErrors): SummaryItem[] {
  const items = errorPaths(errors).map((path) => {
    const id = fieldId(path);
    const element = document.getElementById(id);
    const field = document.querySelector(`label[for="${id}"] .field__label-text`)?.textContent ?? '';
    const section = element?.closest('fieldset')?.querySelector('legend')?.textContent ?? '';
    return { path, id, field, section, element };
  });
  items.sort((a, b) => {
    if (!a.element || !b.element) return a.element ? -1 : b.element ? 1 : 0;
    return a.element.compareDocumentPosition(b.element) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  });
  return items.map(({ path, id, field, section }) => ({ path, id, field, section }));
}

/** "Previous address, Street address: " before a message naming no field; "Previous address: " before one that does. */
function summaryPrefix(item: SummaryItem, message: string): string {
  const names = messagesNamingNoField.has(message) ? [item.section, item.field] : [item.section];
  const prefix = names.filter((name) => name !== '').join(', ');
  return prefix === '' ? '' : `${prefix}: `;
}

/** The list of what to fix, at the top of the step; it takes focus when Next finds errors. */
function StepErrorSummary({ items, focusToken }: { items: SummaryItem[]; focusToken: number }) {
  const { i18n } = useLingui();
  const { errors } = useFormState();
  // Fixed fields drop out of the list as the applicant corrects them.
  const open = items.flatMap((item) => {
    const message = messageAt(errors, item.path);
    return message === undefined ? [] : [{ key: item.path, fieldId: item.id, text: `${summaryPrefix(item, message)}${i18n._(message)}` }];
  });
  return <ErrorSummary titleId="error-summary-title" heading="h2" items={open} focusToken={focusToken} />;
}

interface StepFormOptions<TInput extends FieldValues, TOutput> {
  step: Exclude<StepId, 'review'>;
  schema: v.GenericSchema<TInput, TOutput>;
  defaultValues: DefaultValues<TInput>;
  /** Keeps every change in the client draft (and so in the saved draft). */
  save: (values: TInput) => void;
}

/** A step's form: the domain schema through the valibot resolver, every change kept in the draft. */
export function useStepForm<TInput extends FieldValues, TOutput>({ schema, defaultValues, save }: StepFormOptions<TInput, TOutput>) {
  const form = useForm<TInput, unknown, TOutput>({
    resolver: valibotResolver(schema),
    defaultValues,
    // All criteria: the resolver then runs a schema's cross-field rules (emails match, previous
    // address) even while another field is wrong, so one Next shows every problem at once.
    criteriaMode: 'all',
    // A section that is hidden (previous address, employer fields of a student) leaves the values,
    // so the schema neither validates nor keeps what was typed into it.
    shouldUnregister: true,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
    // The error summary takes focus (docs/product/application-wizard.md#application-wizard); the library would move it on to the first field.
    shouldFocusError: false,
  });
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  useEffect(() => form.subscribe({ formState: { values: true }, callback: ({ values }) => saveRef.current(values) }), [form]);
  return form;
}

interface StepShellProps<TInput extends FieldValues, TOutput> {
  step: Exclude<StepId, 'review'>;
  form: UseFormReturn<TInput, unknown, TOutput>;
  /** False while something (a photo upload) must finish before Next. */
  canContinue?: boolean;
  children: ReactNode;
}

/** One form step: header, error summary, the fields, Back (from Housing on) and Next as the Main button. */
export function StepShell<TInput extends FieldValues, TOutput>({
  step,
  form,
  canContinue = true,
  children,
}: StepShellProps<TInput, TOutput>) {
  const { i18n } = useLingui();
  const host = useHost();
  const back = useStepBack(step);
  const forward = useStepForward(step);
  const pageBack = useBackAction(back);
  const [summary, setSummary] = useState<{ items: SummaryItem[]; focusToken: number }>({ items: [], focusToken: 0 });

  const submit = form.handleSubmit(
    () => forward(),
    (errors) => {
      host.haptic('error');
      setSummary((previous) => ({ items: summaryItems(errors), focusToken: previous.focusToken + 1 }));
    },
  );
  useMainButton({ text: i18n._('Next'), enabled: canContinue, onClick: () => void submit() });

  return (
    <section className="page page--narrow wizard" aria-labelledby="wizard-step-title">
      <StepHeader step={step} />
      <FormProvider {...form}>
        <StepErrorSummary items={summary.items} focusToken={summary.focusToken} />
        <form
          id="wizard-step-form"
          className="wizard-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (canContinue) void submit();
          }}
        >
          {children}
          {/* Enter in any field submits the step like Next does. */}
          <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true">
            {i18n._('Next')}
          </button>
        </form>
      </FormProvider>
      {pageBack && step !== 'personal' ? <WizardBackBar onBack={back} /> : null}
    </section>
  );
}

/** The page's own Back button, for hosts without a native one (docs/product/application-wizard.md#application-wizard: Back from Housing onward). */
export function WizardBackBar({ onBack }: { onBack: () => void }) {
  const { i18n } = useLingui();
  return (
    <div className="wizard-nav">
      <button type="button" className="button button--secondary" onClick={onBack}>
        {i18n._('Back')}
      </button>
    </div>
  );
}
