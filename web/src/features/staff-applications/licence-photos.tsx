import { useLingui } from '@lingui/react';
import { Spinner } from '@telegram-apps/telegram-ui';
import { useState } from 'react';
import type { ApplicationDocument } from '../../../../domain/contracts/applications.ts';
import type { LicenceSide } from '../../../../domain/contracts/documents.ts';
import { useLicencePhoto } from './api/get-licence-photo.ts';
import { Dialog } from '../../components/dialog.tsx';

function Photo({ applicationId, side, label }: { applicationId: number; side: LicenceSide; label: string }) {
  const { i18n } = useLingui();
  const photo = useLicencePhoto(applicationId, side);
  const [large, setLarge] = useState(false);
  if (photo.isPending) return <Spinner size="m" />;
  if (!photo.url) return <p>{i18n._('The photo could not be loaded.')}</p>;
  return (
    <>
      <button
        type="button"
        className="licence-photo"
        onClick={() => setLarge(true)}
        aria-label={i18n._('View {side} larger', { side: label })}
      >
        <img src={photo.url} alt={label} />
      </button>
      <Dialog
        open={large}
        title={label}
        onClose={() => setLarge(false)}
        actions={
          <button type="button" className="button button--secondary" onClick={() => setLarge(false)}>
            {i18n._('Close')}
          </button>
        }
      >
        <img src={photo.url} alt={label} className="licence-photo__large" />
      </Dialog>
    </>
  );
}

/** Both sides of the driver's licence (each view audited), viewable large. */
export function LicencePhotos({ applicationId, documents }: { applicationId: number; documents: ApplicationDocument[] }) {
  const { i18n } = useLingui();
  const labels: Record<LicenceSide, string> = { front: i18n._('Front of license'), back: i18n._('Back of license') };
  return (
    <section className="card detail-section" aria-labelledby="section-licence">
      <h3 id="section-licence">{i18n._('Driver License')}</h3>
      {documents.length === 0 ? (
        <p>{i18n._('No photos.')}</p>
      ) : (
        <div className="licence-photos">
          {documents.map((document) => (
            <figure key={document.side}>
              <Photo applicationId={applicationId} side={document.side} label={labels[document.side]} />
              <figcaption>{labels[document.side]}</figcaption>
            </figure>
          ))}
        </div>
      )}
    </section>
  );
}
