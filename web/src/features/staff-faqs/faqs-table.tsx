import { useLingui } from '@lingui/react';
import type { FaqItem } from '../../../../domain/contracts/faqs.ts';
import { ActionButton } from '../../components/staff/action-button.tsx';
import { EditIcon, TrashIcon } from '../../components/staff/icons.tsx';
import { RowMenu } from '../../components/staff/row-menu.tsx';
import { TableScroll } from '../../components/staff/table-scroll.tsx';
import { SortHeader } from '../../components/staff/sort-header.tsx';
import { useDealerTimeZone } from '../../lib/staff/dealer-time-zone.ts';
import { formatDateTime } from '../../lib/staff/format.ts';

interface FaqsTableProps {
  faqs: FaqItem[];
  sortField: string;
  sortOrder: 'asc' | 'desc';
  onSort: (field: string, firstOrder: 'asc' | 'desc') => void;
  onEdit: (faq: FaqItem) => void;
  onDelete: (faq: FaqItem) => void;
}

/**
 * The FAQs with their language, date and link. The question column carries the language and the
 * date beneath it (each still sortable) and the link sits under its answer, so the answer keeps
 * room to be read and the table fits its box at 700 px (decision 014).
 */
export function FaqsTable({ faqs, sortField, sortOrder, onSort, onEdit, onDelete }: FaqsTableProps) {
  const { i18n } = useLingui();
  const timeZone = useDealerTimeZone();
  return (
    <TableScroll label={i18n._('FAQ')}>
      <table className="data-table faqs-table">
        <thead>
          <tr>
            <SortHeader
              fields={[
                { label: i18n._('Question'), field: 'question' },
                { label: i18n._('Language'), field: 'lang' },
                { label: i18n._('Created'), field: 'createdAt', firstOrder: 'desc' },
              ]}
              sortBy={sortField}
              sortOrder={sortOrder}
              onSort={onSort}
            />
            <th scope="col">{i18n._('Answer')}</th>
            <th scope="col">{i18n._('Actions')}</th>
          </tr>
        </thead>
        <tbody>
          {faqs.map((faq) => (
            <tr key={faq.id}>
              <th scope="row">
                <span className="cell-main" lang={faq.lang}>
                  {faq.question}
                </span>
                <span className="cell-line cell-caption">
                  {faq.lang} · {formatDateTime(faq.createdAt, i18n.locale, timeZone)}
                </span>
              </th>
              <td>
                <span className="cell-line" lang={faq.lang}>
                  {faq.answer}
                </span>
                {faq.url ? (
                  <span className="cell-line data-table__wrap">
                    {i18n._('Link')}:{' '}
                    <a href={faq.url} target="_blank" rel="noopener noreferrer">
                      {faq.url}
                    </a>
                  </span>
                ) : null}
              </td>
              <td className="data-table__actions">
                <RowMenu label={i18n._('Actions for {name}', { name: faq.question })}>
                  <ActionButton icon={<EditIcon />} label={i18n._('Edit')} onClick={() => onEdit(faq)} />
                  <ActionButton icon={<TrashIcon />} label={i18n._('Delete')} variant="danger" onClick={() => onDelete(faq)} />
                </RowMenu>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
