import { useLingui } from '@lingui/react';
import { FilterForm, LanguageFilter, TextFilter, type Filters } from '../../components/staff/filter-form.tsx';

export const FAQ_FILTERS = ['question', 'answer', 'lang'] as const;

/** Question, answer and language filters. */
export function FaqsFilters({ filters, onApply }: { filters: Filters; onApply: (filters: Filters) => void }) {
  const { i18n } = useLingui();
  return (
    <FilterForm label={i18n._('Filter FAQs')} filters={filters} onApply={onApply}>
      {(draft, set) => (
        <>
          <TextFilter label={i18n._('Question')} value={draft.question} onChange={(value) => set('question', value)} />
          <TextFilter label={i18n._('Answer')} value={draft.answer} onChange={(value) => set('answer', value)} />
          <LanguageFilter value={draft.lang} onChange={(value) => set('lang', value)} />
        </>
      )}
    </FilterForm>
  );
}
