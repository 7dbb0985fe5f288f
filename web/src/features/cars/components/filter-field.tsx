import type { ReactNode } from 'react';

interface FilterFieldProps {
  id: string;
  label: string;
  className?: string;
  /** Receives the props that tie the control to the visible label. */
  children: (control: { id: string; 'aria-labelledby': string }) => ReactNode;
}

/**
 * A visible label above any control. telegram-ui shows an Input's `header` only on the base
 * platform and wraps the control in its own <label>, so the name comes from aria-labelledby
 * to stay exactly this text on every platform.
 */
export function FilterField({ id, label, className, children }: FilterFieldProps) {
  const labelId = `${id}-label`;
  return (
    <div className={['filter-field', className].filter(Boolean).join(' ')}>
      <label id={labelId} htmlFor={id} className="filter-field__label">
        {label}
      </label>
      {children({ id, 'aria-labelledby': labelId })}
    </div>
  );
}
