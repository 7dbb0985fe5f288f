import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { FAQ_LIST_DEFAULTS } from '../../../../domain/constants.ts';
import type { FaqItem } from '../../../../domain/contracts/faqs.ts';
import type { FaqCreate } from '../../../../domain/faq.schema.ts';
import { toast } from '../../components/toasts.tsx';
import { usePageTitle } from '../../lib/page-title.ts';
import { useCreateFaq } from './api/create-faq.ts';
import { useDeleteFaq } from './api/delete-faq.ts';
import { useFaqs } from './api/get-faqs.ts';
import { useUpdateFaq } from './api/update-faq.ts';
import { ConfirmDialog } from '../../components/staff/confirm-dialog.tsx';
import { PlusIcon } from '../../components/staff/icons.tsx';
import { ListState } from '../../components/list-state.tsx';
import { Pager } from '../../components/staff/pager.tsx';
import { useListParams } from '../../lib/staff/list-params.ts';
import { FAQ_FILTERS, FaqsFilters } from './faqs-filters.tsx';
import { FaqsTable } from './faqs-table.tsx';
import { FaqFormDialog } from './faq-form-dialog.tsx';

const DEFAULTS = {
  page: FAQ_LIST_DEFAULTS.page,
  limit: FAQ_LIST_DEFAULTS.limit,
  sortField: FAQ_LIST_DEFAULTS.sortField,
  sortOrder: FAQ_LIST_DEFAULTS.sortOrder,
};

type Editing = { faq: FaqItem | null } | null;

/** FAQ management (docs/product/staff-dashboard.md#faq-management): filters, sort and page in the URL; create, edit, delete. */
export function FaqsPage() {
  const { i18n } = useLingui();
  usePageTitle(i18n._('FAQ'));
  const list = useListParams(DEFAULTS, 'sortField', FAQ_FILTERS);
  const faqs = useFaqs(list.query);
  const create = useCreateFaq();
  const update = useUpdateFaq();
  const remove = useDeleteFaq();
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<FaqItem | null>(null);

  const save = async (values: FaqCreate) => {
    try {
      const original = editing?.faq;
      if (original) {
        // PATCH carries the changed fields only (docs/product/staff-dashboard.md#faq-management).
        const patch = Object.fromEntries(Object.entries(values).filter(([key, value]) => original[key as keyof FaqCreate] !== value));
        if (Object.keys(patch).length > 0) await update.mutateAsync({ id: original.id, patch });
      } else {
        await create.mutateAsync(values);
      }
      toast.success(editing?.faq ? i18n._('FAQ saved.') : i18n._('FAQ added.'));
      setEditing(null);
    } catch (error) {
      toast.error(i18n._('The FAQ could not be saved. Please try again.'));
      throw error;
    }
  };

  return (
    <section aria-labelledby="faqs-title">
      <div className="section-heading">
        <h2 id="faqs-title">{i18n._('FAQ')}</h2>
        <button type="button" className="button button--primary" onClick={() => setEditing({ faq: null })}>
          <PlusIcon />
          {i18n._('New FAQ')}
        </button>
      </div>
      <FaqsFilters filters={list.filters} onApply={list.setFilters} />
      <ListState query={faqs} isEmpty={(page) => page.items.length === 0} empty={i18n._('No FAQs match these filters.')}>
        {(page) => (
          <>
            <FaqsTable
              faqs={page.items}
              sortField={list.sortField}
              sortOrder={list.sortOrder}
              onSort={list.toggleSort}
              onEdit={(faq) => setEditing({ faq })}
              onDelete={setDeleting}
            />
            <Pager page={list.page} totalPages={page.totalPages} total={page.total} onPage={list.setPage} />
          </>
        )}
      </ListState>
      <FaqFormDialog
        faq={editing?.faq ?? null}
        open={editing !== null}
        busy={create.isPending || update.isPending}
        onSubmit={save}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={i18n._('Delete this FAQ?')}
        message={deleting?.question ?? ''}
        confirmLabel={i18n._('Delete')}
        danger
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast.success(i18n._('FAQ deleted.'));
              setDeleting(null);
            },
            onError: () => toast.error(i18n._('The FAQ could not be deleted. Please try again.')),
          })
        }
        onClose={() => setDeleting(null)}
      />
    </section>
  );
}
