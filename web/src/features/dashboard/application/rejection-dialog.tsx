import { useLingui } from '@lingui/react';
import { useState } from 'react';
import * as v from 'valibot';
import {
  ADVERSE_ACTION_REASONS,
  adverseActionReasonLabels,
  MAX_ADVERSE_ACTION_REASONS,
  OTHER_REASON_MAX_LENGTH,
  statusChangeSchema,
  type AdverseActionReason,
  type AdverseActionRejection,
} from '../../../../../domain/adverse-action.ts';
import { Dialog } from '../components/confirm-dialog.tsx';

interface RejectionDialogProps {
  open: boolean;
  applicantName: string;
  busy: boolean;
  onConfirm: (rejection: AdverseActionRejection) => void;
  onClose: () => void;
}

const NO_BUREAU = { name: '', address: '', phone: '' };

/**
 * Rejecting asks for the adverse-action notice's principal reasons (docs/product.md#adverse-action-notices):
 * up to four from Regulation B's list, `other` with a short text, and the credit bureau when a
 * report was used. The domain's schema decides when Reject may be pressed, as it decides on the server.
 */
export function RejectionDialog({ open, applicantName, busy, onConfirm, onClose }: RejectionDialogProps) {
  const { i18n } = useLingui();
  const [reasons, setReasons] = useState<AdverseActionReason[]>([]);
  const [otherReason, setOtherReason] = useState('');
  const [reportUsed, setReportUsed] = useState(false);
  const [bureau, setBureau] = useState(NO_BUREAU);
  const parsed = v.safeParse(statusChangeSchema, {
    status: 'rejected',
    reasons,
    ...(reasons.includes('other') ? { otherReason } : {}),
    ...(reportUsed ? { creditReport: { bureau } } : {}),
  });
  const rejection = parsed.success ? parsed.output.rejection : null;
  const full = reasons.length >= MAX_ADVERSE_ACTION_REASONS;
  const toggle = (reason: AdverseActionReason, checked: boolean) =>
    setReasons((chosen) => (checked ? [...chosen, reason] : chosen.filter((item) => item !== reason)));
  const close = () => {
    setReasons([]);
    setOtherReason('');
    setReportUsed(false);
    setBureau(NO_BUREAU);
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
  return (
    <Dialog
      open={open}
      title={i18n._('Reject the application?')}
      onClose={close}
      actions={
        <>
          <button type="button" className="button button--secondary" onClick={close}>
            {i18n._('Cancel')}
          </button>
          <button
            type="button"
            className="button button--danger"
            aria-busy={busy || undefined}
            disabled={busy || rejection === null}
            onClick={() => rejection && onConfirm(rejection)}
          >
            {i18n._('Reject and send the notice')}
          </button>
        </>
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
              {i18n._(adverseActionReasonLabels[reason])}
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
        {i18n._('Credit report used')}
      </label>
      {reportUsed ? (
        <>
          {bureauField('name', i18n._('Credit bureau name'))}
          {bureauField('address', i18n._('Credit bureau address'))}
          {bureauField('phone', i18n._('Credit bureau toll-free phone'))}
        </>
      ) : null}
    </Dialog>
  );
}
