import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { formatSsnDisplay } from '../../../../domain/format.ts';
import { toast } from '../../components/toasts.tsx';
import { useRevealSsn } from './api/reveal-ssn.ts';
import { EMPTY } from '../../lib/staff/format.ts';

/**
 * The SSN masked, with Reveal (audited on the server). The full number lives only in this
 * component's state, so it is gone when staff leave the page.
 */
export function SsnValue({ applicationId, masked }: { applicationId: number; masked: string | null }) {
  const { i18n } = useLingui();
  const reveal = useRevealSsn();
  const [full, setFull] = useState<string | null>(null);
  if (masked === null) return <>{EMPTY}</>;
  return (
    <span className="ssn">
      <span className="ssn__value" aria-live="polite">
        {full === null ? masked : formatSsnDisplay(full)}
      </span>
      {full === null ? (
        <button
          type="button"
          className="button button--ghost ssn__toggle"
          aria-busy={reveal.isPending || undefined}
          onClick={() =>
            reveal.mutate(applicationId, {
              onSuccess: (answer) => setFull(answer.ssn),
              onError: () => toast.error(i18n._('The SSN could not be revealed. Please try again.')),
            })
          }
        >
          {i18n._('Reveal')}
        </button>
      ) : (
        <button type="button" className="button button--ghost ssn__toggle" onClick={() => setFull(null)}>
          {i18n._('Hide')}
        </button>
      )}
    </span>
  );
}
