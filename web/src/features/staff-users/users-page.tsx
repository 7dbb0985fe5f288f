import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { USER_LIST_DEFAULTS } from '../../../../domain/constants.ts';
import type { UserListItem } from '../../../../domain/contracts/users.ts';
import { toast } from '../../components/toasts.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { usePageTitle } from '../../lib/page-title.ts';
import { useDownloadPdf } from '../../lib/staff/api/download-application-pdf.ts';
import { useUsers } from './api/get-users.ts';
import { useSetAdmin } from './api/set-admin.ts';
import { ConfirmDialog } from '../../components/staff/confirm-dialog.tsx';
import { ListState } from '../../components/list-state.tsx';
import { Pager } from '../../components/staff/pager.tsx';
import { EMPTY, fullName } from '../../lib/staff/format.ts';
import { useListParams } from '../../lib/staff/list-params.ts';
import { PasskeyCheck } from '../../components/staff/passkey-check.tsx';
import { isMfaRequired } from '../../lib/staff/passkey-errors.ts';
import { ContactsMaskedNotice } from '../../components/staff/contacts-masked-notice.tsx';
import { USER_FILTERS, UsersFilters } from './users-filters.tsx';
import { UsersTable } from './users-table.tsx';

const DEFAULTS = {
  page: USER_LIST_DEFAULTS.page,
  limit: USER_LIST_DEFAULTS.limit,
  sortField: USER_LIST_DEFAULTS.sortBy,
  sortOrder: USER_LIST_DEFAULTS.sortOrder,
};

/** The users list (docs/product/staff-dashboard.md#users-list): filters, sort and page in the URL; row actions; admin rights. */
export function UsersPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._('Users'));
  const list = useListParams(DEFAULTS, 'sortBy', USER_FILTERS);
  const users = useUsers(list.query);
  const pdf = useDownloadPdf();
  const setAdmin = useSetAdmin();
  const [changing, setChanging] = useState<UserListItem | null>(null);

  const confirmAdminChange = () => {
    if (!changing) return;
    const granting = !changing.is_admin;
    setAdmin.mutate(
      { userId: changing.id, isAdmin: granting },
      {
        onSuccess: () => {
          toast.success(granting ? i18n._('Admin rights granted.') : i18n._('Admin rights revoked.'));
          setChanging(null);
        },
        onError: (error) => {
          setChanging(null);
          // Admin rights decide who sees personal data: the passkey step (PasskeyPrompt) opens instead of an error.
          if (isMfaRequired(error)) return;
          const conflict = error instanceof ApiError && error.status === 409;
          toast.error(
            conflict
              ? i18n._('Not changed: a web guest cannot be an admin, and the last admin must stay.')
              : i18n._('Admin rights could not be changed. Please try again.'),
          );
        },
      },
    );
  };

  return (
    <section aria-labelledby="users-title">
      <h2 id="users-title">{i18n._('Users')}</h2>
      <UsersFilters filters={list.filters} onApply={list.setFilters} />
      <ContactsMaskedNotice />
      {/* A search by email or phone waits for the passkey step, as the contacts it would find do. */}
      {isMfaRequired(users.error) ? (
        <PasskeyCheck />
      ) : (
        <ListState query={users} isEmpty={(page) => page.items.length === 0} empty={i18n._('No users match these filters.')}>
          {(page) => (
            <>
              <UsersTable
                users={page.items}
                sortBy={list.sortField}
                sortOrder={list.sortOrder}
                onSort={list.toggleSort}
                onDownloadPdf={(id) => pdf.mutate(id)}
                downloadingId={pdf.isPending ? pdf.variables : undefined}
                onToggleAdmin={setChanging}
              />
              <Pager page={list.page} totalPages={page.totalPages} total={page.total} onPage={list.setPage} />
            </>
          )}
        </ListState>
      )}
      <ConfirmDialog
        open={changing !== null}
        title={changing?.is_admin ? i18n._('Revoke admin rights?') : i18n._('Grant admin rights?')}
        message={
          changing?.is_admin
            ? i18n._('{name} will no longer see the dashboard or applicants’ data.', {
                name: changing ? fullName(changing) || EMPTY : EMPTY,
              })
            : i18n._('{name} will see the dashboard and every applicant’s personal data.', {
                name: changing ? fullName(changing) || EMPTY : EMPTY,
              })
        }
        confirmLabel={changing?.is_admin ? i18n._('Revoke admin') : i18n._('Make admin')}
        danger={changing?.is_admin ?? false}
        busy={setAdmin.isPending}
        onConfirm={confirmAdminChange}
        onClose={() => setChanging(null)}
      />
    </section>
  );
}
