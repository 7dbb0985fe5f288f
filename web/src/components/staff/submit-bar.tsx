/** The form's one submit button, kept in reach in the sticky bar while the page scrolls. */
export function SubmitBar({ label, busy }: { label: string; busy: boolean }) {
  return (
    <div className="main-button-bar">
      <button type="submit" className="button button--primary" disabled={busy} aria-busy={busy || undefined}>
        {label}
      </button>
    </div>
  );
}
