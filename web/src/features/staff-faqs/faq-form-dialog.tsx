import { valibotResolver } from '@hookform/resolvers/valibot';
import { useLingui } from '@lingui/react';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import type { FaqItem } from '../../../../domain/contracts/faqs.ts';
import { faqCreateSchema, type FaqCreate } from '../../../../domain/faq.schema.ts';
import { LANGUAGES, languageNames } from '../../../../domain/enums.ts';
import { ApiError } from '../../lib/api-client.ts';
import { Dialog, DialogActions } from '../../components/dialog.tsx';

type FaqFormInput = v.InferInput<typeof faqCreateSchema>;

interface FaqFormDialogProps {
  /** The FAQ being edited, or null for a new one. */
  faq: FaqItem | null;
  open: boolean;
  busy: boolean;
  onSubmit: (values: FaqCreate) => Promise<unknown>;
  onClose: () => void;
}

const FORM_ID = 'faq-form';

/** Create or edit a FAQ in a dialog, with the domain's FAQ rules (faqCreateSchema). */
export function FaqFormDialog({ faq, open, busy, onSubmit, onClose }: FaqFormDialogProps) {
  const { i18n } = useLingui();
  const form = useForm<FaqFormInput, unknown, FaqCreate>({
    resolver: valibotResolver(faqCreateSchema),
    values: { question: faq?.question ?? '', answer: faq?.answer ?? '', url: faq?.url ?? '', lang: faq?.lang ?? 'en' },
  });
  const { errors } = form.formState;
  const error = (name: keyof FaqFormInput) => {
    const message = errors[name]?.message;
    return message ? (
      <p id={`faq-${name}-error`} className="edit-field__error">
        {i18n._(message)}
      </p>
    ) : null;
  };
  const described = (name: keyof FaqFormInput) => ({
    'aria-invalid': errors[name] !== undefined,
    'aria-describedby': errors[name] ? `faq-${name}-error` : undefined,
  });
  const submit = form.handleSubmit(async (values) => {
    try {
      await onSubmit(values);
    } catch (failure) {
      if (failure instanceof ApiError && failure.fields) {
        for (const [name, message] of Object.entries(failure.fields)) form.setError(name as keyof FaqFormInput, { message });
      }
    }
  });
  return (
    <Dialog
      open={open}
      title={faq ? i18n._('Edit FAQ') : i18n._('New FAQ')}
      onClose={onClose}
      actions={
        <DialogActions dismissLabel={i18n._('Cancel')} onDismiss={onClose} confirmLabel={i18n._('Save')} busy={busy} form={FORM_ID} />
      }
    >
      <form id={FORM_ID} className="faq-form" noValidate onSubmit={(event) => void submit(event)}>
        <div className="edit-field">
          <label htmlFor="faq-question">{i18n._('Question')}</label>
          <input id="faq-question" {...form.register('question')} {...described('question')} />
          {error('question')}
        </div>
        <div className="edit-field">
          <label htmlFor="faq-answer">{i18n._('Answer')}</label>
          <textarea id="faq-answer" rows={6} {...form.register('answer')} {...described('answer')} />
          {error('answer')}
        </div>
        <div className="edit-field">
          <label htmlFor="faq-url">{i18n._('Link (optional)')}</label>
          <input id="faq-url" type="url" inputMode="url" {...form.register('url')} {...described('url')} />
          {error('url')}
        </div>
        <div className="edit-field">
          <label htmlFor="faq-lang">{i18n._('Language')}</label>
          <select id="faq-lang" {...form.register('lang')} {...described('lang')}>
            {LANGUAGES.map((lang) => (
              <option key={lang} value={lang}>
                {languageNames[lang]}
              </option>
            ))}
          </select>
          {error('lang')}
        </div>
      </form>
    </Dialog>
  );
}
