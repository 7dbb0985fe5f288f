import { useLingui } from '@lingui/react';
import { useState } from 'react';
import * as v from 'valibot';
import {
  ADVERSE_ACTION_REASONS,
  adverseActionReasonLabels,
  CREDIT_BUREAUS,
  type CreditBureauId,
  MAX_ADVERSE_ACTION_REASONS,
  OTHER_REASON_MAX_LENGTH,
  statusChangeSchema,
  type AdverseActionReason,
  type AdverseActionRejection,
} from '../../../../domain/adverse-action.ts';
import { getFieldErrors } from '../../../../domain/contracts/errors.ts';
import { Dialog, DialogActions } from '../../components/dialog.tsx';

interface RejectionDialogProps {
  open: boolean;
  applicantName: string;
  busy: boolean;
  onConfirm: (rejection: AdverseActionRejection) => void;
  onClose: () => void;
}

const NO_BUREAU = { name: '', address: '', phone: '' };
const NO_SCORE = { score: '', min: '', max: '', createdOn: '', keyFactors: '' };
const BUREAU_IDS = Object.keys(CREDIT_BUREAUS) as CreditBureauId[];
/** The select's value for an agency other than the three nationwide ones, typed in by hand. */
const OTHER_BUREAU = 'other';
type BureauChoice = CreditBureauId | typeof OTHER_BUREAU | '';

const wholeNumber = (text: string) => (text.trim() === '' ? undefined : Number(text));
/** One key factor a line, as the agency's report lists them. */
const factorLines = (text: string) => text.split('\n').filter((line) => line.trim() !== '');

/**
 * Rejecting asks for the adverse-action notice's principal reasons (docs/product/notices.md#adverse-action-notices):
 * up to four from Regulation B's list, `other` with a short text, the credit bureau when a
 * report was used (one of the three nationwide ones, or typed in) and the credit score it supplied
 * when one was used (FCRA §615(a)). The domain's schema decides when Reject may be pressed, as it
 * decides on the server, and which score fields are wrong.
 */
export function RejectionDialog({ open, applicantName, busy, onConfirm, onClose }: RejectionDialogProps) {
  const { i18n } = useLingui();
  const [reasons, setReasons] = useState<AdverseActionReason[]>([]);
  const [otherReason, setOtherReason] = useState('');
  const [reportUsed, setReportUsed] = useState(false);
  const [bureauChoice, setBureauChoice] = useState<BureauChoice>('');
  const [bureau, setBureau] = useState(NO_BUREAU);
  const [scoreUsed, setScoreUsed] = useState(false);
  const [score, setScore] = useState(NO_SCORE);
  const chosenBureau = bureauChoice === OTHER_BUREAU ? bureau : bureauChoice === '' ? NO_BUREAU : CREDIT_BUREAUS[bureauChoice];
  const parsed = v.safeParse(statusChangeSchema, {
    status: 'rejected',
    reasons,
    ...(reasons.includes('other') ? { otherReason } : {}),
    ...(reportUsed
      ? {
          creditReport: {
            bureau: chosenBureau,
            ...(scoreUsed
              ? {
                  score: {
                    score: wholeNumber(score.score),
                    min: wholeNumber(score.min),
                    max: wholeNumber(score.max),
                    createdOn: score.createdOn,
                    keyFactors: factorLines(score.keyFactors),
                  },
                }
              : {}),
          },
        }
      : {}),
  });
  const rejection = parsed.success ? parsed.output.rejection : null;
  const fieldErrors = parsed.success ? {} : getFieldErrors(parsed.issues);
  /** The score's errors in staff words, each shown once its field has been filled in. */
  const scoreErrors: Record<keyof typeof NO_SCORE, string> = {
    score: i18n._('Enter a whole number within the range of possible scores.'),
    min: i18n._('Enter the lowest possible score as a whole number.'),
    max: i18n._('Enter a whole number above the lowest possible score.'),
    createdOn: i18n._('Enter the date the score was created; it cannot be in the future.'),
    keyFactors: i18n._('Give up to four key factors, or five when one of them is the number of inquiries.'),
  };
  const scoreError = (key: keyof typeof NO_SCORE) =>
    score[key].trim() !== '' && fieldErrors[`creditReport.score.${key}`] !== undefined ? scoreErrors[key] : null;
  const full = reasons.length >= MAX_ADVERSE_ACTION_REASONS;
  const toggle = (reason: AdverseActionReason, checked: boolean) =>
    setReasons((chosen) => (checked ? [...chosen, reason] : chosen.filter((item) => item !== reason)));
  const close = () => {
    setReasons([]);
    setOtherReason('');
    setReportUsed(false);
    setBureauChoice('');
    setBureau(NO_BUREAU);
    setScoreUsed(false);
    setScore(NO_SCORE);
    onClose();
  };
  const bureauField = (key: keyof typeof NO_BUREAU, label: string) => (
    <div className="edit-field">
      <label htmlFor={`bureau-${key}`}>{label}</label>
      <input
        id={`bureau-${key}`}
        value={bureau[key]}
        required
        onChange={(event) => setBureau((current) => ({ ...current, [key]: event.target.value }))}
      />
    </div>
  );
  const scoreField = (key: keyof typeof NO_SCORE, label: string, type: 'number' | 'date') => {
    const error = scoreError(key);
    return (
      <div className="edit-field">
        <label htmlFor={`score-${key}`}>{label}</label>
        <input
          id={`score-${key}`}
          type={type}
          {...(type === 'number' ? { inputMode: 'numeric' as const, min: 0, step: 1 } : {})}
          value={score[key]}
          required
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `score-${key}-error` : undefined}
          onChange={(event) => setScore((current) => ({ ...current, [key]: event.target.value }))}
        />
        {error ? (
          <p id={`score-${key}-error`} className="edit-field__error">
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  const factorsError = scoreError('keyFactors');
  return (
    <Dialog
      open={open}
      title={i18n._('Reject the application?')}
      onClose={close}
      actions={
        <DialogActions
          dismissLabel={i18n._('Cancel')}
          onDismiss={close}
          confirmLabel={i18n._('Reject and send the notice')}
          busy={busy}
          danger
          disabled={rejection === null}
          onConfirm={() => rejection && onConfirm(rejection)}
        />
      }
    >
      <p>{i18n._('{name} will be sent an adverse-action notice with the principal reasons you choose.', { name: applicantName })}</p>
      <fieldset className="rejection-reasons">
        <legend>{i18n._('Principal reasons (up to {count})', { count: MAX_ADVERSE_ACTION_REASONS })}</legend>
        {ADVERSE_ACTION_REASONS.map((reason) => {
          const checked = reasons.includes(reason);
          return (
            <label key={reason} className="checkbox-field">
              <input
                type="checkbox"
                name="reasons"
                value={reason}
                checked={checked}
                disabled={!checked && full}
                onChange={(event) => toggle(reason, event.target.checked)}
              />
              <span>{i18n._(adverseActionReasonLabels[reason])}</span>
            </label>
          );
        })}
      </fieldset>
      {reasons.includes('other') ? (
        <div className="edit-field">
          <label htmlFor="other-reason">{i18n._('Other reason')}</label>
          <input
            id="other-reason"
            value={otherReason}
            maxLength={OTHER_REASON_MAX_LENGTH}
            required
            onChange={(event) => setOtherReason(event.target.value)}
          />
        </div>
      ) : null}
      <label className="checkbox-field">
        <input type="checkbox" checked={reportUsed} onChange={(event) => setReportUsed(event.target.checked)} />
        <span>{i18n._('Credit report used')}</span>
      </label>
      {reportUsed ? (
        <>
          <div className="edit-field">
            <label htmlFor="bureau-choice">{i18n._('Consumer reporting agency')}</label>
            <select
              id="bureau-choice"
              value={bureauChoice}
              required
              onChange={(event) => setBureauChoice(event.target.value as BureauChoice)}
            >
              <option value="">{i18n._('Choose the agency…')}</option>
              {BUREAU_IDS.map((id) => (
                <option key={id} value={id}>
                  {CREDIT_BUREAUS[id].name}
                </option>
              ))}
              <option value={OTHER_BUREAU}>{i18n._('Another agency (enter its details)')}</option>
            </select>
          </div>
          {bureauChoice === OTHER_BUREAU ? (
            <>
              {bureauField('name', i18n._('Credit bureau name'))}
              {bureauField('address', i18n._('Credit bureau address'))}
              {bureauField('phone', i18n._('Credit bureau toll-free phone'))}
            </>
          ) : bureauChoice === '' ? null : (
            <p className="edit-field__hint">
              {CREDIT_BUREAUS[bureauChoice].address} · {CREDIT_BUREAUS[bureauChoice].phone}
            </p>
          )}
          <label className="checkbox-field">
            <input type="checkbox" checked={scoreUsed} onChange={(event) => setScoreUsed(event.target.checked)} />
            <span>{i18n._('Credit score used')}</span>
          </label>
          {scoreUsed ? (
            <fieldset className="rejection-score">
              <legend>{i18n._('The credit score from this agency')}</legend>
              {scoreField('score', i18n._('Credit score'), 'number')}
              {scoreField('min', i18n._('Lowest possible score'), 'number')}
              {scoreField('max', i18n._('Highest possible score'), 'number')}
              {scoreField('createdOn', i18n._('Date the score was created'), 'date')}
              <div className="edit-field rejection-score__factors">
                <label htmlFor="score-keyFactors">{i18n._('Key factors that adversely affected the score (one a line)')}</label>
                <textarea
                  id="score-keyFactors"
                  rows={5}
                  value={score.keyFactors}
                  required
                  aria-invalid={factorsError ? true : undefined}
                  aria-describedby={factorsError ? 'score-keyFactors-error' : 'score-keyFactors-hint'}
                  onChange={(event) => setScore((current) => ({ ...current, keyFactors: event.target.value }))}
                />
                {factorsError ? (
                  <p id="score-keyFactors-error" className="edit-field__error">
                    {factorsError}
                  </p>
                ) : (
                  <p id="score-keyFactors-hint" className="edit-field__hint">
                    {i18n._('Up to four, or five when one of them is the number of inquiries.')}
                  </p>
                )}
              </div>
            </fieldset>
          ) : null}
        </>
      ) : null}
    </Dialog>
  );
}
