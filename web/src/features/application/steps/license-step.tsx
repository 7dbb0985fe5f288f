import { useLingui } from '@lingui/react';
import { useSetAtom, useStore } from 'jotai';
import { useCallback, useState } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { driverLicenseSchema, type DriverLicenseInput } from '../../../../../domain/wizard.schema.ts';
import { draftDriverLicenseAtom } from '../../../lib/application-draft.ts';
import { StepShell, useStepForm } from '../components/step-shell.tsx';
import { LicencePhotoField } from '../licence/licence-photo-field.tsx';
import { fieldId, formValuesOf } from '../wizard-steps.ts';

type Side = 'front' | 'back';

function PhotoSide({
  side,
  label,
  onUploadingChange,
}: {
  side: Side;
  label: string;
  onUploadingChange: (side: Side, uploading: boolean) => void;
}) {
  const { i18n } = useLingui();
  const { control } = useFormContext<DriverLicenseInput>();
  return (
    <Controller
      control={control}
      name={side}
      render={({ field, fieldState }) => (
        <LicencePhotoField
          id={fieldId(side)}
          side={side}
          label={label}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={field.onChange}
          onUploadingChange={(uploading) => onUploadingChange(side, uploading)}
          error={fieldState.error?.message ? i18n._(fieldState.error.message) : undefined}
        />
      )}
    />
  );
}

/** Step 4, Driver License Upload (docs/product/application-wizard.md#driver-license-upload): both sides uploaded before Next. */
export function LicenseStep() {
  const { i18n } = useLingui();
  const store = useStore();
  const save = useSetAtom(draftDriverLicenseAtom);
  const [defaultValues] = useState(() => formValuesOf('driverLicense', store.get(draftDriverLicenseAtom)));
  const form = useStepForm({ step: 'license', schema: driverLicenseSchema, defaultValues, save });
  const [uploading, setUploading] = useState<Record<Side, boolean>>({ front: false, back: false });
  const onUploadingChange = useCallback((side: Side, busy: boolean) => setUploading((current) => ({ ...current, [side]: busy })), []);
  return (
    <StepShell step="license" form={form} canContinue={!uploading.front && !uploading.back}>
      <p className="lead">{i18n._('Take a clear photo of each side of your driver license, or choose one from your gallery.')}</p>
      <div className="licence-grid">
        <PhotoSide side="front" label={i18n._('Front of license')} onUploadingChange={onUploadingChange} />
        <PhotoSide side="back" label={i18n._('Back of license')} onUploadingChange={onUploadingChange} />
      </div>
    </StepShell>
  );
}
