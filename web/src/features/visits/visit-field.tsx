import type { ComponentProps, ReactNode } from 'react';
import { LabelledField, type LabelledControl } from '../../components/form/labelled-field.tsx';

interface VisitFieldControl extends LabelledControl {
  /** telegram-ui's own look of a field in error. */
  status: 'error' | 'default';
}

/** A booking field in the visits' look, around a telegram-ui control (components/form/labelled-field.tsx). */
export function VisitField({
  children,
  ...field
}: Omit<ComponentProps<typeof LabelledField>, 'block' | 'children'> & { children: (control: VisitFieldControl) => ReactNode }) {
  return (
    <LabelledField {...field} block="visit-field">
      {(control) => children({ ...control, status: control['aria-invalid'] ? 'error' : 'default' })}
    </LabelledField>
  );
}
