import { useLingui } from '@lingui/react';
import { useId, useState, type FormEvent } from 'react';
import { NOTE_MAX_LENGTH } from '../../../../domain/lead-work.schema.ts';
import { ListError, ListLoading } from '../../components/list-state.tsx';
import { toast } from '../../components/toasts.tsx';
import { useAddNote } from './api/add-application-note.ts';
import { useApplicationNotes } from './api/get-application-notes.ts';
import { useDealerTimeZone } from '../../lib/staff/dealer-time-zone.ts';
import { formatDateTime } from '../../lib/staff/format.ts';

/**
 * The staff's internal notes (docs/product/staff-dashboard.md#application-detail): newest first, append-only, and
 * never sent to the applicant, the lender or the CRM. "I contacted the applicant" may make a note
 * the application's first response.
 */
export function NotesPanel({ applicationId, userId }: { applicationId: number; userId: number }) {
  const { i18n } = useLingui();
  const timeZone = useDealerTimeZone();
  const notes = useApplicationNotes(applicationId);
  const add = useAddNote();
  const [text, setText] = useState('');
  const [contacted, setContacted] = useState(false);
  // The form opens on demand, so the page stays read-only until staff choose to write.
  const [writing, setWriting] = useState(false);
  const textId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim() === '') return;
    add.mutate(
      { applicationId, userId, text, contacted },
      {
        onSuccess: () => {
          setText('');
          setContacted(false);
          setWriting(false);
          toast.success(i18n._('Note added.'));
        },
        onError: () => toast.error(i18n._('The note could not be added. It is still here; please try again.')),
      },
    );
  };

  return (
    <section className="card detail-section notes" aria-labelledby="section-notes">
      <h3 id="section-notes">{i18n._('Notes')}</h3>
      <p className="notes__hint">{i18n._('Staff only: notes are never shown to the applicant or sent outside the dashboard.')}</p>
      {writing ? (
        <form className="notes__form" onSubmit={submit}>
          <label htmlFor={textId}>{i18n._('New note')}</label>
          <textarea
            id={textId}
            rows={3}
            maxLength={NOTE_MAX_LENGTH}
            required
            // eslint-disable-next-line jsx-a11y/no-autofocus -- opened by the staff member's own click, to write at once
            autoFocus
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
          <label className="filters__check">
            <input type="checkbox" checked={contacted} onChange={(event) => setContacted(event.target.checked)} />
            <span>{i18n._('I contacted the applicant')}</span>
          </label>
          <div className="button-row">
            <button type="submit" className="button button--primary" disabled={add.isPending}>
              {i18n._('Save note')}
            </button>
            <button type="button" className="button button--secondary" onClick={() => setWriting(false)}>
              {i18n._('Cancel')}
            </button>
          </div>
        </form>
      ) : (
        <button type="button" className="button button--secondary notes__add" onClick={() => setWriting(true)}>
          {i18n._('Add note')}
        </button>
      )}
      {notes.isPending ? (
        <ListLoading />
      ) : notes.isError ? (
        <ListError error={notes.error} onRetry={() => void notes.refetch()} />
      ) : notes.data.length === 0 ? (
        <p className="notes__empty">{i18n._('No notes yet.')}</p>
      ) : (
        <ol className="history__list">
          {notes.data.map((note) => (
            <li key={note.id} className="notes__item">
              <p className="notes__text">{note.text}</p>
              <span className="history__meta">
                {note.author?.name ?? i18n._('Former staff member')} ·{' '}
                <time dateTime={note.at}>{formatDateTime(note.at, i18n.locale, timeZone)}</time>
                {note.contacted ? ` · ${i18n._('Contacted the applicant')}` : ''}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
