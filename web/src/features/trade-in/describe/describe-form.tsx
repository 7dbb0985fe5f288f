import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { MyTradeIn, TradeInAngle } from '../../../../../domain/contracts/trade-ins.ts';
import { botStartUrl } from '../../../../../domain/start-links.ts';
import { TRADE_IN_CONDITION_QUESTIONS, type TradeInCondition } from '../../../../../domain/trade-ins/trade-in.schema.ts';
import { decodeVin } from '../../../../../domain/vin-decode.ts';
import { ErrorSummary, type ErrorSummaryItem } from '../../../components/form/error-summary.tsx';
import { LabelledField } from '../../../components/form/labelled-field.tsx';
import { useFormGuard, useHost, useMainButton } from '../../../host/index.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useSite } from '../../../lib/api/get-site.ts';
import {
  myTradeInQueryKey,
  saveTradeIn,
  startTradeIn,
  submitTradeIn,
  uploadTradeInPhoto,
  type TradeInDraftPatch,
} from '../../../lib/api/trade-ins.ts';
import { serverText } from '../../../lib/i18n.ts';
import { createUploadQueue } from '../../../lib/upload-with-progress.ts';
import { angleLabels, conditionQuestions, ownershipLabels } from '../trade-in-labels.ts';
import {
  formOf,
  EMPTY_FORM,
  readForm,
  serverFieldMessages,
  submitProblems,
  TRADE_IN_FIELDS,
  tradeInFieldId,
  type FieldMessages,
  type TradeInForm,
} from '../trade-in-form.ts';
import { PhotoSlots } from './photo-slots.tsx';
import { RadioGroup } from './trade-in-fields.tsx';

/** As the wizard's draft (web/src/features/application/application-page.tsx): saved once per pause in typing. */
const SAVE_DELAY_MS = 800;

/** The bot's start parameter for "Send photos in the chat": its chat then takes the trade-in's photos. */
const CHAT_PHOTOS_PARAM = 'tradein';

/**
 * The describe screen (docs/product/trade-ins.md#describing-the-car): the car by VIN or by name, its
 * mileage, photos, condition and ownership, saved on the server as the shopper goes (so a web guest
 * and a shopper on another device where they sign in find it again), checked by the domain's own
 * rules on submit.
 */
export function DescribeForm({ tradeIn }: { tradeIn: MyTradeIn | null }) {
  const { i18n } = useLingui();
  const host = useHost();
  const botUsername = useSite().data?.botUsername ?? null;
  const queryClient = useQueryClient();
  const [form, setForm] = useState<TradeInForm>(() => (tradeIn ? formOf(tradeIn.draft) : EMPTY_FORM));
  const read = useMemo(() => readForm(form), [form]);
  const patchKey = JSON.stringify(read.patch);
  const [savedKey, setSavedKey] = useState(patchKey);
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldMessages & { ''?: string }>({});
  const [focusToken, setFocusToken] = useState(0);
  const [submitting, setSubmitting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [saveFailed, setSaveFailed] = useState(false);
  // Saves, uploads and the submission one after another: the first of them makes the trade-in (and
  // a web guest), and two at once would make two.
  const [queue] = useState(createUploadQueue);

  const remember = (answer: MyTradeIn) => {
    queryClient.setQueryData(myTradeInQueryKey, answer);
    return answer;
  };
  const ensureTradeIn = (patch: TradeInDraftPatch) =>
    queue(async () => queryClient.getQueryData<MyTradeIn | null>(myTradeInQueryKey) ?? remember(await startTradeIn(patch)));
  const save = (patch: TradeInDraftPatch) =>
    queue(async () => {
      const existing = queryClient.getQueryData<MyTradeIn | null>(myTradeInQueryKey);
      return remember(existing ? await saveTradeIn(patch) : await startTradeIn(patch));
    });

  useEffect(() => {
    if (patchKey === savedKey || submitting) return;
    const patch = JSON.parse(patchKey) as TradeInDraftPatch;
    const timer = setTimeout(() => {
      save(patch).then(
        () => {
          setSavedKey(patchKey);
          setSaveFailed(false);
        },
        () => setSaveFailed(true),
      );
    }, SAVE_DELAY_MS);
    return () => clearTimeout(timer);
    // save only reads the cache and the queue, which stay the same.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [patchKey, savedKey, submitting]);
  useFormGuard({ inProgress: true, unsaved: patchKey !== savedKey });

  const change = (patch: Partial<TradeInForm>) => {
    setForm((current) => ({ ...current, ...patch }));
    setServerErrors({});
  };
  const answer = (question: keyof TradeInCondition, value: string | boolean) =>
    setForm((current) => ({ ...current, condition: { ...current.condition, [question]: value } }));

  const upload = async (angle: TradeInAngle, photo: Blob, onProgress: (fraction: number) => void) => {
    await ensureTradeIn(read.patch);
    return queue(async () => remember(await uploadTradeInPhoto(angle, photo, { onProgress })));
  };

  const submit = async () => {
    setAttempted(true);
    setFailure(null);
    if (Object.keys(submitProblems(read)).length > 0) {
      setFocusToken((token) => token + 1);
      return;
    }
    setSubmitting(true);
    try {
      await save(read.patch);
      setSavedKey(patchKey);
      await queue(async () => remember(await submitTradeIn()));
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && error.fields) {
        setServerErrors(serverFieldMessages(error.fields));
        setFocusToken((token) => token + 1);
      } else {
        setFailure(error instanceof ApiError ? serverText(i18n, error.message) : i18n._('Something went wrong. Please try again.'));
      }
    } finally {
      setSubmitting(false);
    }
  };

  useMainButton({ text: i18n._('Ask for an offer'), loading: submitting, onClick: () => void submit() });

  const errors: FieldMessages = { ...(attempted ? submitProblems(read) : {}), ...serverErrors };
  const errorOf = (field: keyof FieldMessages) => {
    const message = errors[field];
    return message === undefined ? undefined : serverText(i18n, message);
  };
  const summary: ErrorSummaryItem[] = TRADE_IN_FIELDS.flatMap((field) => {
    const text = errorOf(field);
    return text === undefined ? [] : [{ key: field, fieldId: tradeInFieldId(field), text }];
  });

  const decoded = decodeVin(form.vin);
  const changeVin = (vin: string) => {
    const next = decodeVin(vin);
    setForm((current) => ({
      ...current,
      vin,
      year: next && current.year === '' ? String(next.year) : current.year,
      make: next?.make && current.make === '' ? next.make : current.make,
    }));
    setServerErrors({});
  };

  const questions = conditionQuestions(i18n);
  const ownership = ownershipLabels(i18n);
  const angles = angleLabels(i18n);
  const owes = form.ownership === 'financed' || form.ownership === 'leased';
  const missingAngles = tradeIn?.missingAngles ?? [];

  const text = (field: 'make' | 'model' | 'trim', label: string, optional = false) => (
    <LabelledField id={tradeInFieldId(field)} label={label} error={errorOf(field)} optional={optional}>
      {(control) => (
        <input
          {...control}
          className="field__input"
          autoComplete="off"
          value={form[field]}
          onChange={(event) => change({ [field]: event.target.value })}
        />
      )}
    </LabelledField>
  );

  return (
    <form
      className="tradein-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <ErrorSummary titleId="tradein-errors-title" heading="h2" items={summary} focusToken={focusToken} />
      {serverErrors[''] ? <p role="alert">{serverText(i18n, serverErrors[''])}</p> : null}

      <fieldset className="tradein-section">
        <legend>{i18n._('Your car')}</legend>
        <LabelledField
          id={tradeInFieldId('vin')}
          label={i18n._('VIN')}
          hint={
            decoded
              ? decoded.make
                ? i18n._('This VIN is a {year} {make}.', { year: decoded.year, make: decoded.make })
                : i18n._('This VIN is a {year} model.', { year: decoded.year })
              : i18n._('17 characters, on the windshield or the driver’s door frame. Or type the year, make and model.')
          }
          error={errorOf('vin')}
          optional
        >
          {(control) => (
            <input
              {...control}
              className="field__input tradein-form__vin"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={20}
              value={form.vin}
              onChange={(event) => changeVin(event.target.value.toUpperCase())}
            />
          )}
        </LabelledField>
        <div className="field-grid">
          <LabelledField id={tradeInFieldId('year')} label={i18n._('Year')} error={errorOf('year')}>
            {(control) => (
              <input
                {...control}
                className="field__input"
                inputMode="numeric"
                autoComplete="off"
                maxLength={4}
                value={form.year}
                onChange={(event) => change({ year: event.target.value })}
              />
            )}
          </LabelledField>
          {text('make', i18n._('Brand'))}
          {text('model', i18n._('Model'))}
          {text('trim', i18n._('Trim'), true)}
          <LabelledField id={tradeInFieldId('mileage')} label={i18n._('Mileage')} error={errorOf('mileage')}>
            {(control) => (
              <input
                {...control}
                className="field__input"
                inputMode="numeric"
                autoComplete="off"
                value={form.mileage}
                onChange={(event) => change({ mileage: event.target.value })}
              />
            )}
          </LabelledField>
        </div>
      </fieldset>

      <fieldset className="tradein-section">
        <legend>{i18n._('Photos')}</legend>
        <p className="field__hint">
          {missingAngles.length > 0 && tradeIn
            ? i18n._('Still to take: {angles}.', { angles: missingAngles.map((angle) => angles[angle]).join(', ') })
            : i18n._('Daylight, the whole car in the frame. Add a photo of any damage.')}
        </p>
        {host.kind === 'telegram' && botUsername ? (
          <button
            type="button"
            className="button button--secondary tradein-form__chat"
            onClick={() => void ensureTradeIn(read.patch).then(() => host.openTelegramLink(botStartUrl(botUsername, CHAT_PHOTOS_PARAM)))}
          >
            {i18n._('Send photos in the chat')}
          </button>
        ) : null}
        <PhotoSlots tradeIn={tradeIn} upload={upload} />
      </fieldset>

      <fieldset className="tradein-section">
        <legend>{i18n._('Condition')}</legend>
        {TRADE_IN_CONDITION_QUESTIONS.map((question) => (
          <RadioGroup<string | boolean>
            key={question}
            id={tradeInFieldId(`condition.${question}`)}
            legend={questions[question].legend}
            answers={questions[question].answers}
            value={form.condition[question]}
            error={errorOf(`condition.${question}`)}
            onChange={(value) => answer(question, value)}
          />
        ))}
      </fieldset>

      <fieldset className="tradein-section">
        <legend>{i18n._('Ownership')}</legend>
        <RadioGroup
          id={tradeInFieldId('ownership')}
          legend={i18n._('Is the car paid off?')}
          answers={(['owned', 'financed', 'leased'] as const).map((value) => ({ value, label: ownership[value] }))}
          value={form.ownership}
          error={errorOf('ownership')}
          onChange={(value) => change(value === 'owned' ? { ownership: value, payoffLender: '', payoff: '' } : { ownership: value })}
        />
        {owes ? (
          <div className="field-grid">
            <LabelledField
              id={tradeInFieldId('payoffLender')}
              label={form.ownership === 'leased' ? i18n._('Leasing company') : i18n._('Bank or lender')}
              error={errorOf('payoffLender')}
            >
              {(control) => (
                <input
                  {...control}
                  className="field__input"
                  autoComplete="off"
                  value={form.payoffLender}
                  onChange={(event) => change({ payoffLender: event.target.value })}
                />
              )}
            </LabelledField>
            <LabelledField
              id={tradeInFieldId('payoffCents')}
              label={form.ownership === 'leased' ? i18n._('Lease buyout amount, $') : i18n._('Loan payoff amount, $')}
              hint={i18n._('Your lender’s payoff quote, or the balance on your last statement.')}
              error={errorOf('payoffCents')}
            >
              {(control) => (
                <input
                  {...control}
                  className="field__input"
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder="0"
                  value={form.payoff}
                  onChange={(event) => change({ payoff: event.target.value })}
                />
              )}
            </LabelledField>
          </div>
        ) : null}
      </fieldset>

      <LabelledField id={tradeInFieldId('notes')} label={i18n._('Anything else we should know?')} error={errorOf('notes')} optional>
        {(control) => (
          <textarea
            {...control}
            className="field__input tradein-form__notes"
            rows={4}
            value={form.notes}
            onChange={(event) => change({ notes: event.target.value })}
          />
        )}
      </LabelledField>

      <p className="field__hint" role="status">
        {saveFailed ? i18n._('Your answers are not saved yet: check your connection.') : null}
      </p>
      {failure ? <p role="alert">{failure}</p> : null}
    </form>
  );
}
