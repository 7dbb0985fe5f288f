import { useLingui } from '@lingui/react';
import { useMutation } from '@tanstack/react-query';
import { toast } from '../../../components/toasts.tsx';
import { isMfaRequired } from '../../../lib/staff/passkey-errors.ts';
import { fetchFile, saveFile } from '../../../lib/staff/api/fetch-file.ts';

/**
 * GET /api/applications/{id}/notice.pdf, saved as adverse-action-notice-{id}.pdf: the notice as the
 * applicant received it, in their language (docs/product/notices.md#adverse-action-notices).
 */
async function downloadNoticePdf(applicationId: number): Promise<void> {
  saveFile(await fetchFile(`/api/applications/${applicationId}/notice.pdf`), `adverse-action-notice-${applicationId}.pdf`);
}

export function useDownloadNoticePdf() {
  const { i18n } = useLingui();
  return useMutation({
    mutationFn: downloadNoticePdf,
    onError: (error) => {
      // The passkey step (PasskeyPrompt) answers a session that has not confirmed a passkey yet.
      if (isMfaRequired(error)) return;
      console.warn('Notice download failed', error);
      toast.error(i18n._('The notice could not be downloaded. Please try again.'));
    },
  });
}
