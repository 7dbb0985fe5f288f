import { useLingui } from '@lingui/react';
import { Link, useLocation } from 'react-router';
import type { UserListItem } from '../../../../domain/contracts/users.ts';
import { formatPhoneDisplay } from '../../../../domain/format.ts';
import { ActionButton, ActionLink } from '../../components/staff/action-button.tsx';
import { ChatIcon, OpenIcon, PdfIcon, ShieldIcon } from '../../components/staff/icons.tsx';
import { RowMenu } from '../../components/staff/row-menu.tsx';
import { TableScroll } from '../../components/staff/table-scroll.tsx';
import { SortHeader } from '../../components/staff/sort-header.tsx';
import { StatusBadge } from '../../components/staff/status-icon.tsx';
import { useDealerTimeZone } from '../../lib/staff/dealer-time-zone.ts';
import { displayOrDash, EMPTY, formatDateTime, fullName } from '../../lib/staff/format.ts';

interface UsersTableProps {
  users: UserListItem[];
  sortBy: string;
  sortOrder: 'asc' | 'desc';
  onSort: (field: string, firstOrder: 'asc' | 'desc') => void;
  onDownloadPdf: (applicationId: number) => void;
  downloadingId: number | undefined;
  onToggleAdmin: (user: UserListItem) => void;
}

/**
 * docs/product/staff-dashboard.md#users-list: name, username, phone, email, registered, last active, admin, tag, actions;
 * plus the application status. Related values share a column (name with username, admin and tag;
 * phone with email; the two dates) and the actions sit behind one row menu, so the table fits its
 * box at 1280 px and at 700 px with nothing to scroll sideways to (decision 014).
 */
export function UsersTable({ users, sortBy, sortOrder, onSort, onDownloadPdf, downloadingId, onToggleAdmin }: UsersTableProps) {
  const { i18n } = useLingui();
  const { search } = useLocation();
  const timeZone = useDealerTimeZone();
  const sort = { sortBy, sortOrder, onSort };
  return (
    <TableScroll label={i18n._('Users')}>
      <table className="data-table users-table">
        <thead>
          <tr>
            <SortHeader
              {...sort}
              fields={[
                { label: i18n._('Name'), field: 'first_name' },
                { label: i18n._('Username'), field: 'username' },
              ]}
            />
            <SortHeader {...sort} text={i18n._('Phone')} fields={[{ label: i18n._('Email'), field: 'email' }]} />
            <SortHeader
              {...sort}
              fields={[
                { label: i18n._('Registered'), field: 'registered_at', firstOrder: 'desc' },
                { label: i18n._('Last active'), field: 'last_active_at', firstOrder: 'desc' },
              ]}
            />
            <th scope="col">{i18n._('Application')}</th>
            <th scope="col">{i18n._('Actions')}</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const name = fullName(user) || EMPTY;
            return (
              <tr key={user.id}>
                <th scope="row">
                  <span className="cell-main">{name}</span>
                  {user.username ? <span className="cell-line">@{user.username}</span> : null}
                  {user.is_admin || user.tag ? (
                    <span className="cell-line users-table__marks">
                      {user.is_admin ? <span className="users-table__mark">{i18n._('Admin')}</span> : null}
                      {user.tag ? (
                        <span className="users-table__mark">
                          {i18n._('Tag')}: {user.tag}
                        </span>
                      ) : null}
                    </span>
                  ) : null}
                </th>
                <td>
                  <span className="cell-line nowrap">{user.phone ? formatPhoneDisplay(user.phone) : EMPTY}</span>
                  <span className="cell-line users-table__email">{displayOrDash(user.email)}</span>
                </td>
                <td>
                  <span className="cell-line">
                    <span className="cell-caption">{i18n._('Registered')}</span> {formatDateTime(user.registered_at, i18n.locale, timeZone)}
                  </span>
                  <span className="cell-line">
                    <span className="cell-caption">{i18n._('Last active')}</span>{' '}
                    {formatDateTime(user.last_active_at, i18n.locale, timeZone)}
                  </span>
                </td>
                <td>{user.applicationStatus ? <StatusBadge status={user.applicationStatus} /> : EMPTY}</td>
                <td className="data-table__actions">
                  <RowMenu label={i18n._('Actions for {name}', { name })}>
                    {user.applicationId !== null ? (
                      <Link className="action-button action-button--secondary" to={`/dashboard/users/${user.id}`} state={{ list: search }}>
                        <OpenIcon />
                        <span className="action-button__label">{i18n._('Open application')}</span>
                      </Link>
                    ) : (
                      <ActionButton icon={<OpenIcon />} label={i18n._('Open application')} disabledReason={i18n._('No application yet')} />
                    )}
                    {user.chatUrl ? (
                      <ActionLink icon={<ChatIcon />} label={i18n._('Chat')} href={user.chatUrl} />
                    ) : (
                      <ActionButton
                        icon={<ChatIcon />}
                        label={i18n._('Chat')}
                        disabledReason={i18n._('No Telegram chat with this user yet')}
                      />
                    )}
                    <ActionButton
                      icon={<PdfIcon />}
                      label={i18n._('PDF')}
                      busy={user.applicationId !== null && downloadingId === user.applicationId}
                      disabledReason={user.applicationId === null ? i18n._('No application yet') : undefined}
                      onClick={() => user.applicationId !== null && onDownloadPdf(user.applicationId)}
                    />
                    <ActionButton
                      icon={<ShieldIcon />}
                      label={user.is_admin ? i18n._('Revoke admin') : i18n._('Make admin')}
                      onClick={() => onToggleAdmin(user)}
                    />
                  </RowMenu>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
