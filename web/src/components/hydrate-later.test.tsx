import { setupI18n, type I18n } from '@lingui/core';
import { I18nProvider, useLingui } from '@lingui/react';
import { act, render } from '@testing-library/react';
import { useEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HydrateLater } from './hydrate-later.tsx';

const texts = () => setupI18n({ locale: 'en', messages: { en: { hello: 'Hello' }, uk: { hello: 'Привіт' } } });

function Greeting() {
  const { i18n } = useLingui();
  return <p>{i18n._('hello')}</p>;
}

/** Switches the language once the page's first screen has hydrated, as web/src/app/language.ts does. */
function SwitchAfterHydration({ i18n }: { i18n: I18n }) {
  useEffect(() => i18n.activate('uk'), [i18n]);
  return null;
}

describe('HydrateLater', () => {
  it('rendered in the browser alone, shows its part at once and follows the language', () => {
    const i18n = texts();
    const { container } = render(
      <I18nProvider i18n={i18n}>
        <HydrateLater>
          <Greeting />
        </HydrateLater>
      </I18nProvider>,
    );
    expect(container.textContent).toBe('Hello');
    act(() => i18n.activate('uk'));
    expect(container.textContent).toBe('Привіт');
  });

  describe('over the server’s markup', () => {
    // React's own scheduler, not act's queue, so the page hydrates first and the part after it, as in a browser.
    const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
    let before: boolean | undefined;
    beforeEach(() => {
      before = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
    });
    afterEach(() => {
      actEnvironment.IS_REACT_ACT_ENVIRONMENT = before;
    });

    it('hydrates its part in the server’s language though the language switched first, then shows the new one', async () => {
      const i18n = texts();
      const page = (
        <I18nProvider i18n={i18n}>
          <SwitchAfterHydration i18n={i18n} />
          <HydrateLater>
            <Greeting />
          </HydrateLater>
        </I18nProvider>
      );
      const container = document.createElement('div');
      container.innerHTML = renderToString(page);
      expect(container.textContent).toBe('Hello');
      const mismatches: unknown[] = [];
      const root = hydrateRoot(container, page, { onRecoverableError: (error) => mismatches.push(error) });
      await vi.waitFor(() => expect(container.textContent).toBe('Привіт'));
      expect(mismatches).toEqual([]);
      root.unmount();
    });
  });
});
