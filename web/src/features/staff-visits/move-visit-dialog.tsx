import { useLingui } from '@lingui/react';
import { useState, type FormEvent } from 'react';
import type { StaffVisit } from '../../../../domain/contracts/visits.ts';
import { Dialog, DialogActions } from '../../components/dialog.tsx';
import { EditField } from '../../components/staff/edit-field.tsx';
import { toast } from '../../components/toasts.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { serverText } from '../../lib/i18n.ts';
import { isMfaRequired } from '../../lib/staff/passkey-errors.ts';
import { formatVisitTime } from '../../lib/staff/visits.ts';
import { useMoveVisit } from './api/move-visit.ts';
import { SlotSelect } from './slot-select.tsx';
import { useVisitChangeFailed } from './visit-change-failed.ts';

const FORM_ID = 'move-visit-form';

/** Move: a free slot of the same car, sent with PATCH /api/visits/{id}; the shopper is told of the new time. */
export function MoveVisitDialog({ visit, onClose }: { visit: StaffVisit | null; onClose: () => void }) {
  const { i18n } = useLingui();
  const move = useMoveVisit();
  const failed = useVisitChangeFailed();
  const [start, setStart] = useState('');
  const [error, setError] = useState<string | undefined>();
  const close = () => {
    setStart('');
    setError(undefined);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!visit) return;
    if (start === '') {
      setError(i18n._('Choose the new time.'));
      return;
    }
    move.mutate(
      { id: visit.id, start },
      {
        onSuccess: (moved) => {
          toast.success(
            i18n._('Visit moved to {time}. The shopper is told.', {
              time: formatVisitTime(moved.start, moved.end, i18n.locale, moved.timeZone),
            }),
          );
          close();
        },
        onError: (refusal) => {
          if (refusal instanceof ApiError && refusal.code === 'slot_full') {
            setStart('');
            setError(i18n._('That time was just taken: choose another.'));
            return;
          }
          const startError = refusal instanceof ApiError ? refusal.fields?.start : undefined;
          if (startError) {
            setError(serverText(i18n, startError));
            return;
          }
          if (isMfaRequired(refusal)) return;
          close();
          failed(refusal, i18n._('The visit could not be moved. Please try again.'));
        },
      },
    );
  };
  return (
    <Dialog
      open={visit !== null}
      title={i18n._('Move the visit')}
      onClose={close}
      actions={
        <DialogActions
          dismissLabel={i18n._('Cancel')}
          onDismiss={close}
          confirmLabel={i18n._('Move the visit')}
          busy={move.isPending}
          form={FORM_ID}
        />
      }
    >
      {visit ? (
        <form id={FORM_ID} noValidate onSubmit={submit}>
          <p>
            {i18n._('{name}, {car}: now {time}.', {
              name: visit.name,
              car: visit.car.title,
              time: formatVisitTime(visit.start, visit.end, i18n.locale, visit.timeZone),
            })}
          </p>
          <EditField id="move-visit-start" label={i18n._('New time')} hint={i18n._('The shopper is told of the new time.')} error={error}>
            {(control) => (
              <SlotSelect
                carUuid={visit.car.uuid}
                type={visit.type}
                except={visit.start}
                control={control}
                value={start}
                onChange={(value) => {
                  setStart(value);
                  setError(undefined);
                }}
              />
            )}
          </EditField>
        </form>
      ) : null}
    </Dialog>
  );
}
