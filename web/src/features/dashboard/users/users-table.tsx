import { useLingui } from '@lingui/react';
import { Link, useLocation } from 'react-router';
import type { UserListItem } from '../../../../../domain/contracts/users.ts';
import { formatPhoneDisplay } from '../../../../../domain/format.ts';
import { ActionButton, ActionLink } from '../components/action-button.tsx';
import { ChatIcon, OpenIcon, PdfIcon, ShieldIcon } from '../components/icons.tsx';
import { TableScroll } from '../components/table-scroll.tsx';
import { SortHeader } from '../components/sort-header.tsx';
import { StatusBadge } from '../components/status-icon.tsx';
import { displayOrDash, EMPTY, formatDateTime, fullName } from '../format.ts';

interface UsersTableProps {
  users: UserListItem[];
  sortBy: string;
  sortOrder: 'asc' | 'desc';
  onSort: (field: string) => void;
  onDownloadPdf: (applicationId: number) => void;
  downloadingId: number | undefined;
  onToggleAdmin: (user: UserListItem) => void;
}

/** Spec §2 users table: name, username, phone, email, registered, last active, admin, tag, actions; plus the application status. */
export function UsersTable({ users, sortBy, sortOrder, onSort, onDownloadPdf, downloadingId, onToggleAdmin }: UsersTableProps) {
  const { i18n } = useLingui();
  const { search } = useLocation();
  const sortable = (label: string, field: string) => <SortHeader label={label} field={field} sortBy={sortBy} sortOrder={sortOrder} onSort={onSort} />;
  return (
    <TableScroll label={i18n._('Users')}>
      <table className="data-table">
        <thead>
          <tr>
            {sortable(i18n._('Name'), 'first_name')}
            {sortable(i18n._('Username'), 'username')}
            <th scope="col">{i18n._('Phone')}</th>
            {sortable(i18n._('Email'), 'email')}
            {sortable(i18n._('Registered'), 'registered_at')}
            {sortable(i18n._('Last active'), 'last_active_at')}
            <th scope="col">{i18n._('Admin')}</th>
            <th scope="col">{i18n._('Tag')}</th>
            <th scope="col">{i18n._('Application')}</th>
            <th scope="col">{i18n._('Actions')}</th>
          </tr>
        </thead>
        <tbody>
          {users.map((user) => {
            const name = fullName(user) || EMPTY;
            return (
              <tr key={user.id}>
                <th scope="row">{name}</th>
                <td>{user.username ? `@${user.username}` : EMPTY}</td>
                <td className="nowrap">{user.phone ? formatPhoneDisplay(user.phone) : EMPTY}</td>
                <td>{displayOrDash(user.email)}</td>
                <td className="nowrap">{formatDateTime(user.registered_at, i18n.locale)}</td>
                <td className="nowrap">{formatDateTime(user.last_active_at, i18n.locale)}</td>
                <td>{user.is_admin ? i18n._('Yes') : i18n._('No')}</td>
                <td>{displayOrDash(user.tag)}</td>
                <td>{user.applicationStatus ? <StatusBadge status={user.applicationStatus} /> : EMPTY}</td>
                <td>
                  <div className="row-actions">
                    {user.chatUrl ? (
                      <ActionLink icon={<ChatIcon />} label={i18n._('Chat')} href={user.chatUrl} />
                    ) : (
                      <ActionButton icon={<ChatIcon />} label={i18n._('Chat')} disabledReason={i18n._('No Telegram chat with this user yet')} />
                    )}
                    <ActionButton
                      icon={<PdfIcon />}
                      label={i18n._('PDF')}
                      busy={user.applicationId !== null && downloadingId === user.applicationId}
                      disabledReason={user.applicationId === null ? i18n._('No application yet') : undefined}
                      onClick={() => user.applicationId !== null && onDownloadPdf(user.applicationId)}
                    />
                    {user.applicationId !== null ? (
                      <Link className="action-button action-button--secondary" data-tooltip={i18n._('Open application')} to={`/dashboard/users/${user.id}`} state={{ list: search }}>
                        <OpenIcon />
                        <span className="action-button__label">{i18n._('Open application')}</span>
                      </Link>
                    ) : (
                      <ActionButton icon={<OpenIcon />} label={i18n._('Open application')} disabledReason={i18n._('No application yet')} />
                    )}
                    <ActionButton icon={<ShieldIcon />} label={user.is_admin ? i18n._('Revoke admin') : i18n._('Make admin')} onClick={() => onToggleAdmin(user)} />
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
