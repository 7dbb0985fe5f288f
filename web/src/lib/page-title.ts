import { useLingui } from '@lingui/react';
import { useEffect } from 'react';

/**
 * Sets the tab title for a screen (WCAG 2.4.2): "<screen> · <site>", or the site title alone.
 * Pass an already translated text; it follows language switches because callers re-render.
 */
export function usePageTitle(title?: string): void {
  const { i18n } = useLingui();
  const site = i18n._('Car loans and leases');
  useEffect(() => {
    document.title = title ? `${title} · ${site}` : site;
  }, [title, site]);
}
