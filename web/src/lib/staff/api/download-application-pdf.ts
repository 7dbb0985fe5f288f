import { useLingui } from '@lingui/react';
import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../components/toasts.tsx';
import { isMfaRequired } from '../passkey-errors.ts';
import { fetchFile, saveFile } from './fetch-file.ts';

/** GET /api/applications/{id}/pdf, saved as application-{id}.pdf (docs/product/pdf.md#pdf), labels in the staff member's language. */
export async function downloadApplicationPdf(applicationId: number, lang: string): Promise<void> {
  const blob = await fetchFile(`/api/applications/${applicationId}/pdf?lang=${encodeURIComponent(lang)}`);
  saveFile(blob, `application-${applicationId}.pdf`);
}

export function useDownloadPdf() {
  const { i18n } = useLingui();
  return useMutation({
    mutationFn: (applicationId: number) => downloadApplicationPdf(applicationId, i18n.locale),
    onError: (error) => {
      // The passkey step (PasskeyPrompt) answers a session that has not confirmed a passkey yet.
      if (isMfaRequired(error)) return;
      // The original design only logged a PDF failure; staff also need to know the file did not come.
      console.warn('PDF download failed', error);
      toast.error(i18n._('The PDF could not be downloaded. Please try again.'));
    },
  });
}
