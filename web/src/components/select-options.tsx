import { useLingui } from '@lingui/react';
import type { Option } from '../../../domain/enums.ts';

interface SelectOptionsProps {
  options: readonly Option<string>[];
  /** Labels are domain display names, translated here; US state names are not. */
  translate?: boolean;
  /** False when one of the options already means "nothing chosen" (suffix None). */
  emptyOption?: boolean;
}

/** The options of a form's select: "Choose…" first, then the domain's options. */
export function SelectOptions({ options, translate = true, emptyOption = true }: SelectOptionsProps) {
  const { i18n } = useLingui();
  return (
    <>
      {emptyOption ? <option value="">{i18n._('Choose…')}</option> : null}
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {translate ? i18n._(option.label) : option.label}
        </option>
      ))}
    </>
  );
}
