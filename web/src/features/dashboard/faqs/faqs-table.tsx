import { useLingui } from '@lingui/react';
import type { FaqItem } from '../../../../../domain/contracts/faqs.ts';
import { ActionButton } from '../components/action-button.tsx';
import { EditIcon, TrashIcon } from '../components/icons.tsx';
import { RowMenu } from '../components/row-menu.tsx';
import { TableScroll } from '../components/table-scroll.tsx';
import { SortHeader } from '../components/sort-header.tsx';
import { useDealerTimeZone } from '../dealer-time-zone.ts';
import { displayOrDash, formatDateTime } from '../format.ts';

interface FaqsTableProps {
  faqs: FaqItem[];
  sortField: string;
  sortOrder: 'asc' | 'desc';
  onSort: (field: string, firstOrder: 'asc' | 'desc') => void;
  onEdit: (faq: FaqItem) => void;
  onDelete: (faq: FaqItem) => void;
}

export function FaqsTable({ faqs, sortField, sortOrder, onSort, onEdit, onDelete }: FaqsTableProps) {
  const { i18n } = useLingui();
  const timeZone = useDealerTimeZone();
  const sortable = (label: string, field: string, firstOrder: 'asc' | 'desc' = 'asc') => (
    <SortHeader fields={[{ label, field, firstOrder }]} sortBy={sortField} sortOrder={sortOrder} onSort={onSort} />
  );
  return (
    <TableScroll label={i18n._('FAQ')}>
      <table className="data-table faqs-table">
        <thead>
          <tr>
            {sortable(i18n._('Question'), 'question')}
            <th scope="col">{i18n._('Answer')}</th>
            <th scope="col">{i18n._('Link')}</th>
            {sortable(i18n._('Language'), 'lang')}
            {sortable(i18n._('Created'), 'createdAt', 'desc')}
            <th scope="col">{i18n._('Actions')}</th>
          </tr>
        </thead>
        <tbody>
          {faqs.map((faq) => (
            <tr key={faq.id}>
              <th scope="row">{faq.question}</th>
              <td className="data-table__long">{faq.answer}</td>
              <td className="data-table__wrap">{faq.url ? <a href={faq.url} target="_blank" rel="noopener noreferrer">{faq.url}</a> : displayOrDash(null)}</td>
              <td>{faq.lang}</td>
              <td>{formatDateTime(faq.createdAt, i18n.locale, timeZone)}</td>
              <td>
                <RowMenu label={i18n._('Actions for {name}', { name: faq.question })}>
                                      <>
                      <ActionButton
                        icon={<EditIcon />}
                        label={i18n._('Edit')}
                        onClick={() => onEdit(faq)}
                      />
                      <ActionButton
                        icon={<TrashIcon />}
                        label={i18n._('Delete')}
                        variant="danger"
                        onClick={() => onDelete(faq)}
                      />
                    </>
                </RowMenu>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
