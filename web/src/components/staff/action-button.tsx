import { useId, type ReactNode } from 'react';

interface ActionButtonProps {
  icon: ReactNode;
  label: string;
  onClick?: () => void;
  /** Why the action is unavailable; the button stays focusable so the reason can be read. */
  disabledReason?: string | undefined;
  busy?: boolean;
  variant?: 'primary' | 'secondary' | 'danger';
  type?: 'button' | 'submit';
  form?: string;
}

/**
 * A labelled button that becomes an icon with a tooltip under 800 px (docs/product/staff-dashboard.md#application-detail). The label
 * stays in the accessible name at every width; aria-disabled rather than disabled keeps an
 * unavailable action reachable by keyboard, with its reason as the description.
 */
export function ActionButton({
  icon,
  label,
  onClick,
  disabledReason,
  busy = false,
  variant = 'secondary',
  type = 'button',
  form,
}: ActionButtonProps) {
  const reasonId = useId();
  const unavailable = disabledReason !== undefined;
  return (
    <button
      type={type}
      form={form}
      className={`action-button action-button--${variant}`}
      data-tooltip={disabledReason ?? label}
      aria-disabled={unavailable || busy || undefined}
      aria-busy={busy || undefined}
      aria-describedby={unavailable ? reasonId : undefined}
      onClick={(event) => {
        if (unavailable || busy) {
          event.preventDefault();
          return;
        }
        onClick?.();
      }}
    >
      {icon}
      <span className="action-button__label">{label}</span>
      {unavailable ? (
        <span id={reasonId} hidden>
          {disabledReason}
        </span>
      ) : null}
    </button>
  );
}

/** A link styled as an action button (Chat opens Telegram in a new tab). */
export function ActionLink({ icon, label, href }: { icon: ReactNode; label: string; href: string }) {
  return (
    <a className="action-button action-button--secondary" data-tooltip={label} href={href} target="_blank" rel="noopener noreferrer">
      {icon}
      <span className="action-button__label">{label}</span>
    </a>
  );
}
