import { useLingui } from '@lingui/react';
import { Input, Textarea } from '@telegram-apps/telegram-ui';
import { useAtomValue } from 'jotai';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import * as v from 'valibot';
import type { CarItem } from '../../../../domain/contracts/cars.ts';
import { getFieldErrors } from '../../../../domain/contracts/errors.ts';
import type { VisitSlot, VisitSlotsAnswer } from '../../../../domain/contracts/visits.ts';
import type { DealInput } from '../../../../domain/deals/deal-input.schema.ts';
import { MAX_VISIT_NOTE_LENGTH, visitBookingSchema, visitMessages, type VisitType } from '../../../../domain/visits/visit.schema.ts';
import { ErrorSummary, type ErrorSummaryItem } from '../../components/form/error-summary.tsx';
import { useFormGuard, useHost, useMainButton } from '../../host/index.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useBookVisit } from '../../lib/api/visits.ts';
import { draftPersonalAtom } from '../../lib/application-draft.ts';
import { serverText } from '../../lib/i18n.ts';
import { DealAttachment } from './deal-attachment.tsx';
import { NextSlots, offeredSlots, SlotPicker } from './slot-picker.tsx';
import { useVisitErrorText } from './visit-errors.ts';
import { VisitField } from './visit-field.tsx';

/** The booking's fields in the screen's order: the error summary lists problems in it. */
const FIELDS = ['start', 'name', 'phone', 'email', 'note'] as const;
type Field = (typeof FIELDS)[number];
type FieldMessages = Partial<Record<Field | '', string>>;

const fieldOf = (path: string): Field | '' => FIELDS.find((field) => field === path) ?? '';

/** Field paths and their messages (the schema's or the server's) by the screen's field; any other stays under ''. */
function byField(fields: Record<string, string>): FieldMessages {
  const messages: FieldMessages = {};
  for (const [path, message] of Object.entries(fields)) messages[fieldOf(path)] ??= message;
  return messages;
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** Whom the booking is for, as far as the app knows already: the Telegram profile's name, else the application draft's. */
function useKnownContact() {
  const host = useHost();
  const personal = useAtomValue(draftPersonalAtom);
  const draftName = [text(personal.firstName), text(personal.lastName)].filter(Boolean).join(' ');
  const telegramName = host.user ? [host.user.firstName, host.user.lastName].filter(Boolean).join(' ') : '';
  return { name: telegramName || draftName, phone: text(personal.phone), email: text(personal.email) };
}

/** Why the booking was refused as a whole: the time filled up (with the next free ones), or the car went. */
type Refusal = { kind: 'slot_full'; nextSlots: VisitSlot[] } | { kind: 'car'; text: string } | { kind: 'other'; text: string };

/**
 * The booking form (docs/product/visits.md#booking): the time, who comes (an email only on the web,
 * where it is how the shopper hears from us) and a note, checked by the domain's booking schema
 * before it is sent; the server's refusals said where they belong.
 */
export function BookingForm({
  car,
  type,
  answer,
  deal,
}: {
  car: CarItem;
  type: VisitType;
  answer: VisitSlotsAnswer;
  /** The car page's deal from the address, or null when there is none to attach. */
  deal: DealInput | null;
}) {
  const { i18n } = useLingui();
  const host = useHost();
  const navigate = useNavigate();
  const errorText = useVisitErrorText();
  const book = useBookVisit();
  const known = useKnownContact();
  const inTelegram = host.kind === 'telegram';

  const [start, setStart] = useState<string | null>(null);
  const [name, setName] = useState(known.name);
  const [phone, setPhone] = useState(known.phone);
  const [email, setEmail] = useState(known.email);
  const [note, setNote] = useState('');
  const [attachDeal, setAttachDeal] = useState(true);
  const [attempted, setAttempted] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldMessages>({});
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [focusToken, setFocusToken] = useState(0);
  useFormGuard({ inProgress: true, unsaved: start !== null || note !== '' });

  // A time chosen for a test drive may lie beyond what a hold may reach: it stays chosen only if offered.
  const chosen = start !== null && offeredSlots(answer.slots, type, new Date()).some((slot) => slot.start === start) ? start : null;
  const nextSlots = refusal?.kind === 'slot_full' ? refusal.nextSlots : [];
  const chosenNext = nextSlots.some((slot) => slot.start === start) ? start : null;
  const startToSend = chosenNext ?? chosen;

  const booking = {
    carUuid: car.uuid,
    type,
    start: startToSend ?? '',
    name,
    phone,
    email: inTelegram ? '' : email,
    note,
    deal: deal && attachDeal ? deal : null,
  };
  const problems = (): FieldMessages => {
    const result = v.safeParse(visitBookingSchema, booking);
    const found = result.success ? {} : byField(getFieldErrors(result.issues));
    // The server asks a web shopper for an email too; the schema cannot know who is asking.
    if (!inTelegram && email.trim() === '') found.email ??= visitMessages.emailRequired;
    return found;
  };

  const submit = () => {
    setAttempted(true);
    setServerErrors({});
    const found = problems();
    if (Object.keys(found).length > 0) {
      setFocusToken((token) => token + 1);
      return;
    }
    setRefusal(null);
    book.mutate(v.parse(visitBookingSchema, booking), {
      onSuccess: (visit) => void navigate(`/visits/${visit.id}`, { state: { booked: true } }),
      onError: (error) => {
        if (error instanceof ApiError && error.status === 400 && error.fields) {
          setServerErrors(byField(error.fields));
          setFocusToken((token) => token + 1);
        } else if (error instanceof ApiError && error.code === 'slot_full') {
          setRefusal({ kind: 'slot_full', nextSlots: offeredSlots(error.conflict.nextSlots ?? [], type, new Date()) });
          setStart(null);
        } else if (error instanceof ApiError && (error.code === 'car_on_hold' || error.code === 'car_unavailable')) {
          setRefusal({ kind: 'car', text: errorText(error) });
        } else {
          setRefusal({ kind: 'other', text: errorText(error) });
        }
      },
    });
  };

  useMainButton({
    text: type === 'hold' ? i18n._('Hold the car') : i18n._('Book the test drive'),
    loading: book.isPending,
    visible: refusal?.kind !== 'car',
    onClick: submit,
  });

  const errors: FieldMessages = { ...(attempted ? problems() : {}), ...serverErrors };
  const errorOf = (field: Field | '') => {
    const message = errors[field];
    return message === undefined ? undefined : serverText(i18n, message);
  };
  const fieldId = (field: Field) => `visit-${field}`;
  const summary: ErrorSummaryItem[] = FIELDS.flatMap((field) => {
    const message = errorOf(field);
    return message === undefined ? [] : [{ key: field, fieldId: fieldId(field), text: message }];
  });
  const general = errorOf('');

  return (
    <form
      className="visit-form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <ErrorSummary titleId="visit-errors-title" heading="h2" items={summary} focusToken={focusToken} />
      {general ? <p role="alert">{general}</p> : null}

      <section className="visit-section" aria-labelledby="visit-when-title">
        <h2 id="visit-when-title" className="visit-section__title">
          {i18n._('When would you like to come?')}
        </h2>
        <div role="alert">
          {refusal?.kind === 'slot_full' ? (
            <NextSlots slots={refusal.nextSlots} timeZone={answer.timeZone} value={start} onChoose={setStart} />
          ) : null}
        </div>
        <SlotPicker
          idPrefix="visit"
          answer={answer}
          type={type}
          value={startToSend}
          onChange={(next) => {
            setStart(next);
            setServerErrors({});
          }}
          error={errorOf('start')}
        />
      </section>

      <fieldset className="visit-section">
        <legend className="visit-section__title">{i18n._('Your details')}</legend>
        <VisitField id={fieldId('name')} label={i18n._('Name')} error={errorOf('name')}>
          {(control) => <Input {...control} autoComplete="name" value={name} onChange={(event) => setName(event.target.value)} />}
        </VisitField>
        <VisitField id={fieldId('phone')} label={i18n._('Phone')} hint={i18n._('A US number, 10 digits.')} error={errorOf('phone')}>
          {(control) => (
            <Input
              {...control}
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              value={phone}
              onChange={(event) => setPhone(event.target.value)}
            />
          )}
        </VisitField>
        {inTelegram ? null : (
          <VisitField
            id={fieldId('email')}
            label={i18n._('Email')}
            hint={i18n._('We send the confirmation and reminders here.')}
            error={errorOf('email')}
          >
            {(control) => (
              <Input
                {...control}
                type="email"
                inputMode="email"
                autoComplete="email"
                value={email}
                onChange={(event) => setEmail(event.target.value)}
              />
            )}
          </VisitField>
        )}
        <VisitField id={fieldId('note')} label={i18n._('Anything we should know?')} error={errorOf('note')} optional>
          {(control) => (
            <Textarea
              {...control}
              rows={3}
              maxLength={MAX_VISIT_NOTE_LENGTH}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          )}
        </VisitField>
      </fieldset>

      {deal ? <DealAttachment carUuid={car.uuid} deal={deal} attached={attachDeal} onAttach={setAttachDeal} /> : null}

      {refusal && refusal.kind !== 'slot_full' ? (
        <div role="alert" className="notice notice--error">
          <p>{refusal.text}</p>
          {refusal.kind === 'car' ? (
            <Link to="/cars" className="button button--secondary">
              {i18n._('See other cars')}
            </Link>
          ) : null}
        </div>
      ) : null}
    </form>
  );
}
