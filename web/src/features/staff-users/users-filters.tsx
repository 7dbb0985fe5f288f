import { useLingui } from '@lingui/react';
import { APPLICATION_STATUSES, applicationStatusLabels } from '../../../../domain/enums.ts';
import { FilterForm, LanguageFilter, TextFilter, type Filters } from '../../components/staff/filter-form.tsx';

export const USER_FILTERS = [
  'first_name',
  'last_name',
  'username',
  'email',
  'phone',
  'language',
  'is_admin',
  'applicationStatus',
  'regBOverdue',
  'assignee',
  'waitingForFirstContact',
] as const;

const TEXT_FILTERS = [
  ['first_name', 'First name'],
  ['last_name', 'Last name'],
  ['username', 'Username'],
  ['email', 'Email'],
  ['phone', 'Phone'],
] as const;

/** Every GET /api/users filter, sent together. */
export function UsersFilters({ filters, onApply }: { filters: Filters; onApply: (filters: Filters) => void }) {
  const { i18n } = useLingui();
  return (
    <FilterForm label={i18n._('Filter users')} filters={filters} onApply={onApply}>
      {(draft, set) => (
        <>
          {TEXT_FILTERS.map(([name, label]) => (
            <TextFilter key={name} label={i18n._(label)} value={draft[name]} onChange={(value) => set(name, value)} />
          ))}
          <LanguageFilter value={draft.language} onChange={(value) => set('language', value)} />
          <label className="filters__field">
            <span>{i18n._('Admin')}</span>
            <select value={draft.is_admin ?? ''} onChange={(event) => set('is_admin', event.target.value)}>
              <option value="">{i18n._('Any')}</option>
              <option value="true">{i18n._('Yes')}</option>
              <option value="false">{i18n._('No')}</option>
            </select>
          </label>
          <label className="filters__field">
            <span>{i18n._('Application status')}</span>
            <select value={draft.applicationStatus ?? ''} onChange={(event) => set('applicationStatus', event.target.value)}>
              <option value="">{i18n._('Any')}</option>
              {APPLICATION_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {i18n._(applicationStatusLabels[status])}
                </option>
              ))}
            </select>
          </label>
          <label className="filters__check">
            <input
              type="checkbox"
              checked={draft.regBOverdue === 'true'}
              onChange={(event) => set('regBOverdue', event.target.checked ? 'true' : '')}
            />
            <span>{i18n._('Only decisions overdue (Regulation B)')}</span>
          </label>
          <label className="filters__check">
            <input
              type="checkbox"
              checked={draft.assignee === 'me'}
              onChange={(event) => set('assignee', event.target.checked ? 'me' : '')}
            />
            <span>{i18n._('Assigned to me')}</span>
          </label>
          <label className="filters__check">
            <input
              type="checkbox"
              checked={draft.waitingForFirstContact === 'true'}
              onChange={(event) => set('waitingForFirstContact', event.target.checked ? 'true' : '')}
            />
            <span>{i18n._('Waiting for first contact')}</span>
          </label>
        </>
      )}
    </FilterForm>
  );
}
