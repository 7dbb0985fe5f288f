import '@telegram-apps/telegram-ui/dist/styles.css';
import './styles/fonts.css';
import './styles/global.css';
import { StrictMode, startTransition, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { continueServerLanguage, startLanguage } from './app/language.ts';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { hydrateQueries, readServerState } from './app/server-state.ts';
import { applyStartLink } from './app/start-link.ts';
import { loadTelegramLayout } from './app/telegram-layout-chunk.ts';
import { bootHost } from './host/index.ts';
import { activateLanguage } from './lib/i18n.ts';
import { createQueryClient } from './lib/api-client.ts';
import { siteQueryOptions } from './lib/api/get-site.ts';

/**
 * Calls `onHydrated` once the server's page is hydrated: a language the tab remembers may only replace
 * the server's words after that, or the hydration would not match them (app/language.ts).
 */
function Hydrated({ onHydrated }: { onHydrated: () => void }) {
  useEffect(onHydrated, [onHydrated]);
  return null;
}

async function start() {
  const host = await bootHost();
  // The shell's chunk downloads while the language loads; the first render waits for it, so
  // Telegram's first frame is the shell (docs/decisions/021-server-rendered-public-pages.md).
  // Should the chunk fail, the layout's own lazy load tries again and shows the error screen.
  const telegramLayout = host.kind === 'telegram' ? loadTelegramLayout().catch(() => undefined) : null;
  applyStartLink(host.startParam);
  const queryClient = createQueryClient();
  // The tab bar's Chat works once the site's details name the bot: asked for while the rest loads.
  if (host.kind === 'telegram') void queryClient.prefetchQuery(siteQueryOptions());
  // A public page comes rendered from the server (docs/decisions/021-server-rendered-public-pages.md): the
  // website takes it over as it is. Inside Telegram the mini app draws its own shell instead.
  const serverState = host.kind === 'web' ? readServerState() : null;
  if (serverState) {
    hydrateQueries(queryClient, serverState);
    await activateLanguage(serverState.language);
  } else {
    // A remembered or Telegram language is applied before first paint; a geo lookup never blocks it.
    await startLanguage({
      telegramLanguageCode: host.user?.languageCode ?? null,
      telegramUserKnown: host.user !== null,
      linkLanguage: new URLSearchParams(window.location.search).get('lang'),
    });
  }
  const router = await createAppRouter(queryClient, serverState?.router);
  await telegramLayout;

  const app = (
    <StrictMode>
      <AppProviders host={host} queryClient={queryClient}>
        <RouterProvider router={router} />
        {serverState ? <Hydrated onHydrated={() => continueServerLanguage(serverState.language)} /> : null}
      </AppProviders>
    </StrictMode>
  );
  const container = document.getElementById('root')!;
  if (serverState) {
    // As a transition React hydrates in short tasks that let the browser answer a tap in between;
    // at its default priority the page outside the later parts (components/hydrate-later.tsx) is one
    // long task (docs/operations/benchmarks.md#pages). A mismatch makes React render the page
    // afresh; said in the console, where the browser tests look.
    startTransition(() => {
      hydrateRoot(container, app, { onRecoverableError: (error) => console.error('Hydration mismatch:', error) });
    });
  } else {
    createRoot(container).render(app);
  }
}

void start();
