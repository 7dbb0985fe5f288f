import { setupI18n, type I18n } from '@lingui/core';
import { LinguiContext, useLingui, type I18nContext } from '@lingui/react';
import { Suspense, useEffect, useState, type ReactNode } from 'react';

/** The page's texts in one language, fixed: the global catalogue changes in place when the language does. */
function fixedTexts(i18n: I18n): I18nContext {
  const fixed = setupI18n({ locale: i18n.locale, messages: { [i18n.locale]: i18n.messages } });
  return { i18n: fixed, _: fixed.t.bind(fixed) };
}

function Hydrated({ onHydrated }: { onHydrated: () => void }) {
  useEffect(onHydrated, [onHydrated]);
  return null;
}

/**
 * A part of a server-rendered page below a phone's first screen
 * (docs/decisions/021-server-rendered-public-pages.md). Over the server's markup React hydrates it
 * after the rest of the page, in short tasks, so the first screen answers sooner; rendered in the
 * browser alone (nothing inside suspends) it shows at once.
 *
 * Until it is hydrated it reads its texts in the language the server wrote them in: a language the
 * tab remembers switches the global catalogue right after the page hydrates
 * (web/src/app/language.ts, continueServerLanguage), and a part hydrated in the new language would
 * not match the server's words. Once hydrated it follows the page's language again.
 */
export function HydrateLater({ children }: { children: ReactNode }) {
  const page = useLingui();
  const [written] = useState(() => fixedTexts(page.i18n));
  const [hydrated, setHydrated] = useState(false);
  const [markHydrated] = useState(() => () => setHydrated(true));
  // Once hydrated, the page's own catalogue: texts loaded later (a screen's chunk) are only there.
  const texts = hydrated ? page : written;
  return (
    <LinguiContext.Provider value={texts}>
      <Suspense fallback={null}>
        <Hydrated onHydrated={markHydrated} />
        {children}
      </Suspense>
    </LinguiContext.Provider>
  );
}
