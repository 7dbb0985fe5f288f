import { useLingui } from '@lingui/react';
import { useRef, useState, type FormEvent } from 'react';
import type { StaffTradeIn } from '../../../../domain/contracts/trade-ins.ts';
import { TRADE_IN_MESSAGE_MAX_LENGTH } from '../../../../domain/trade-ins/trade-in.schema.ts';
import { EditField } from '../../components/staff/edit-field.tsx';
import { toast } from '../../components/toasts.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { serverText } from '../../lib/i18n.ts';
import { useDealerTimeZone } from '../../lib/staff/dealer-time-zone.ts';
import { formatDateTime } from '../../lib/staff/format.ts';
import { isMfaRequired } from '../../lib/staff/passkey-errors.ts';
import { usePostTradeInAction } from './api/post-trade-in-action.ts';
import { FocusedNotice } from './focused-notice.tsx';
import { takesStaffMessages } from './trade-in-offers.tsx';

const QUESTION_ID = 'trade-in-question';

/** One question to the owner: sent to them at once, and the thread waits for their answer. */
function QuestionForm({
  tradeInId,
  onSent,
  onConflict,
  onClose,
}: {
  tradeInId: number;
  onSent: () => void;
  onConflict: () => void;
  onClose: () => void;
}) {
  const { i18n } = useLingui();
  const ask = usePostTradeInAction(tradeInId, 'questions');
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const field = useRef<HTMLTextAreaElement>(null);
  const refuse = (message: string) => {
    setError(message);
    field.current?.focus();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') {
      refuse(i18n._('Write the question.'));
      return;
    }
    ask.mutate(
      { text },
      {
        onSuccess: () => {
          toast.success(i18n._('Question sent. The owner is told at once.'));
          onSent();
        },
        onError: (failure) => {
          const message = failure instanceof ApiError && failure.status === 400 ? failure.fields?.text : undefined;
          if (message !== undefined) return refuse(serverText(i18n, message));
          if (failure instanceof ApiError && failure.status === 409) return onConflict();
          if (isMfaRequired(failure)) return;
          toast.error(i18n._('The question could not be sent. It is still here; please try again.'));
        },
      },
    );
  };
  return (
    <form className="trade-in__form" noValidate aria-labelledby="trade-in-question-title" onSubmit={submit}>
      <h4 id="trade-in-question-title">{i18n._('Ask a question')}</h4>
      <EditField id={QUESTION_ID} label={i18n._('Question')} error={error}>
        {(control) => (
          <textarea
            {...control}
            ref={field}
            rows={3}
            maxLength={TRADE_IN_MESSAGE_MAX_LENGTH}
            // eslint-disable-next-line jsx-a11y/no-autofocus -- opened by the staff member's own click, to write at once
            autoFocus
            value={text}
            onChange={(event) => {
              setText(event.target.value);
              setError(undefined);
            }}
          />
        )}
      </EditField>
      <div className="button-row">
        <button type="submit" className="button button--primary" disabled={ask.isPending} aria-busy={ask.isPending || undefined}>
          {i18n._('Send the question')}
        </button>
        <button type="button" className="button button--secondary" onClick={onClose}>
          {i18n._('Cancel')}
        </button>
      </div>
    </form>
  );
}

/** Staff's questions and the owner's answers, oldest first, as a conversation reads; "Ask a question" under them. */
export function TradeInThread({ tradeIn }: { tradeIn: StaffTradeIn }) {
  const { i18n } = useLingui();
  const timeZone = useDealerTimeZone();
  const [writing, setWriting] = useState(false);
  const [conflicts, setConflicts] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  return (
    <section className="card detail-section trade-in__thread" aria-labelledby="trade-in-thread">
      <h3 id="trade-in-thread" ref={heading} tabIndex={-1}>
        {i18n._('Questions and answers')}
      </h3>
      {tradeIn.messages.length === 0 ? (
        <p className="edit-field__hint">{i18n._('No questions asked yet.')}</p>
      ) : (
        <ol className="trade-in__list">
          {tradeIn.messages.map((message) => (
            <li key={message.id} className={`trade-in__message trade-in__message--${message.from}`}>
              <p className="history__meta">
                {message.from === 'staff' ? i18n._('Staff asked') : i18n._('The owner answered')} ·{' '}
                <time dateTime={message.at}>{formatDateTime(message.at, i18n.locale, timeZone)}</time>
              </p>
              <p className="trade-in__text">{message.text}</p>
            </li>
          ))}
        </ol>
      )}
      {conflicts > 0 ? (
        <FocusedNotice key={conflicts} tone="error">
          {i18n._('The question was not sent: the owner has withdrawn, declined or accepted this trade-in meanwhile.')}
        </FocusedNotice>
      ) : null}
      {!takesStaffMessages(tradeIn.status) ? null : writing ? (
        <QuestionForm
          tradeInId={tradeIn.id}
          onClose={() => setWriting(false)}
          onConflict={() => {
            setWriting(false);
            setConflicts((count) => count + 1);
          }}
          onSent={() => {
            setWriting(false);
            heading.current?.focus();
          }}
        />
      ) : (
        <button
          type="button"
          className="button button--secondary"
          onClick={() => {
            setConflicts(0);
            setWriting(true);
          }}
        >
          {i18n._('Ask a question')}
        </button>
      )}
    </section>
  );
}
