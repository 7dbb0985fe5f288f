import { valibotResolver } from '@hookform/resolvers/valibot';
import { useLingui } from '@lingui/react';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import {
  applicationEditSchema,
  type ApplicationEditInput,
  type ApplicationEditValues,
} from '../../../../domain/application-edit.schema.ts';
import { applicationToFormValues, formValuesToApplicantPatch } from '../../../../domain/application-mapping.ts';
import type { StaffApplication } from '../../../../domain/contracts/applications.ts';
import { toast } from '../../components/toasts.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { useConfirmReview } from './api/confirm-review.ts';
import { useDownloadPdf } from '../../lib/staff/api/download-application-pdf.ts';
import { useDownloadNoticePdf } from './api/download-notice-pdf.ts';
import { useUpdateApplicant } from './api/update-applicant.ts';
import { ActionButton } from '../../components/staff/action-button.tsx';
import { useDealerTimeZone } from '../../lib/staff/dealer-time-zone.ts';
import { formatDateTime } from '../../lib/staff/format.ts';
import { CheckIcon, CrossIcon, EditIcon, PdfIcon, SaveIcon, ShieldIcon } from '../../components/staff/icons.tsx';
import { ApplicationEditForm, EDIT_FORM_ID } from './application-edit-form.tsx';
import { ChatButton, useUsersListPath } from './navigation.tsx';
import { ApplicationView } from './application-view.tsx';
import { ApplicantVisits } from './applicant-visits.tsx';
import { ChosenCar } from './chosen-car.tsx';
import { DealSection } from './deal-section.tsx';
import { DealOffers } from './deal-offers.tsx';
import { FirstResponse } from './first-response.tsx';

import { ErasedNotice } from './erased-notice.tsx';
import { HistoryPanel } from './history-panel.tsx';
import { LenderPanel } from './lender-panel.tsx';

import { LeadOwner } from './lead-owner.tsx';
import { NotesPanel } from './notes-panel.tsx';
import { LicencePhotos } from './licence-photos.tsx';
import { RegBClock } from './reg-b-clock.tsx';
import { StatusSelect } from './status-select.tsx';

/** The form's values for an application: what Cancel returns to (docs/product/staff-dashboard.md#editing-an-application). */
const formValuesOf = (application: StaffApplication): ApplicationEditInput =>
  applicationToFormValues({ ...application, ssn: application.ssnMasked });

/** The loaded application: title, status, actions, then view or edit mode, photos, car and history. */
export function ApplicationReview({ application }: { application: StaffApplication }) {
  const { i18n } = useLingui();
  const back = useUsersListPath();
  const timeZone = useDealerTimeZone();
  const [editing, setEditing] = useState(false);
  const loaded = useMemo(() => formValuesOf(application), [application]);
  const form = useForm<ApplicationEditInput, unknown, ApplicationEditValues>({
    resolver: valibotResolver(applicationEditSchema),
    defaultValues: loaded,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const save = useUpdateApplicant();
  const pdf = useDownloadPdf();
  const noticePdf = useDownloadNoticePdf();
  const confirm = useConfirmReview();

  const startEditing = () => {
    form.reset(loaded);
    setEditing(true);
  };
  const cancel = () => {
    form.reset(loaded);
    setEditing(false);
  };
  const onSave = (values: ApplicationEditValues) =>
    save.mutate(formValuesToApplicantPatch(application.id, values), {
      onSuccess: () => {
        setEditing(false);
        toast.success(i18n._('Changes saved.'));
      },
      onError: (error) => {
        // The original design only logged the failure and stayed in edit mode; staff are also told
        // (docs/product/staff-dashboard.md#editing-an-application).
        console.warn('Save failed', error);
        if (error instanceof ApiError && error.fields) {
          for (const [name, message] of Object.entries(error.fields)) form.setError(name as keyof ApplicationEditInput, { message });
        }
        toast.error(i18n._('Save failed. Your changes are still here; please try again.'));
      },
    });

  const name = [application.firstName, application.lastName].join(' ');
  return (
    <article className="application" aria-labelledby="application-title">
      <p className="application__back">
        <Link to={back}>{i18n._('Back to Users')}</Link>
      </p>
      <header className="application__header">
        <div>
          <h2 id="application-title">{i18n._('Application #{id}', { id: application.id })}</h2>
          <p className="application__subtitle">
            {i18n._('{name}, submitted {date}', { name, date: formatDateTime(application.submittedAt, i18n.locale, timeZone) })}
          </p>
        </div>
        <StatusSelect applicationId={application.id} userId={application.userId} status={application.status} applicantName={name} />
      </header>
      <div className="application__actions" role="toolbar" aria-label={i18n._('Application actions')}>
        {editing ? (
          <>
            <ActionButton
              icon={<SaveIcon />}
              label={i18n._('Save')}
              variant="primary"
              type="submit"
              form={EDIT_FORM_ID}
              busy={save.isPending}
            />
            <ActionButton icon={<CrossIcon />} label={i18n._('Cancel')} onClick={cancel} />
          </>
        ) : application.erasedAt === null ? (
          <ActionButton icon={<EditIcon />} label={i18n._('Edit')} onClick={startEditing} />
        ) : null}
        <ActionButton icon={<PdfIcon />} label={i18n._('PDF')} busy={pdf.isPending} onClick={() => pdf.mutate(application.id)} />
        {application.adverseActionNotice ? (
          <ActionButton
            icon={<PdfIcon />}
            label={i18n._('Download notice (PDF)')}
            busy={noticePdf.isPending}
            onClick={() => noticePdf.mutate(application.id)}
          />
        ) : null}
        <ChatButton userId={application.userId} label={i18n._('Chat')} />
        <ActionButton
          icon={confirm.isSuccess ? <CheckIcon /> : <ShieldIcon />}
          label={i18n._('Confirm')}
          busy={confirm.isPending}
          onClick={() =>
            confirm.mutate(application.id, {
              onSuccess: () => toast.success(i18n._('Review confirmed. The history shows it.')),
              onError: () => toast.error(i18n._('The review could not be recorded. Please try again.')),
            })
          }
        />
      </div>
      <RegBClock
        dueAt={application.regBDueAt}
        daysLeft={application.regBDaysLeft}
        status={application.status}
        history={application.history}
        noticeAt={application.adverseActionNotice?.at ?? null}
      />
      <LeadOwner application={application} />
      <FirstResponse minutes={application.firstResponseMinutes} />

      <ErasedNotice erasedAt={application.erasedAt} />
      {editing ? <ApplicationEditForm form={form} onSave={onSave} /> : <ApplicationView application={application} />}
      <LicencePhotos applicationId={application.id} documents={application.documents} />
      <ChosenCar car={application.car} />
      <ApplicantVisits userId={application.userId} />
      <DealSection deal={application.deal} />
      <DealOffers application={application} />
      <LenderPanel
        applicationId={application.id}
        userId={application.userId}
        delivery={application.lenderDelivery}
        reference={application.lenderReference}
      />

      <NotesPanel applicationId={application.id} userId={application.userId} />
      <HistoryPanel applicationId={application.id} />
    </article>
  );
}
