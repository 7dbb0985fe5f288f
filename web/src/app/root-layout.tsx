import { useLingui } from '@lingui/react';
import { lazy, Suspense, type MouseEvent } from 'react';
import { Outlet } from 'react-router';
import { Toaster } from '../components/toasts.tsx';
import { WebMainButton } from '../components/web-main-button.tsx';
import { useHost } from '../host/index.ts';
import { ScrollManager } from './scroll-manager.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';
import { loadedTelegramLayout, loadTelegramLayout } from './telegram-layout-chunk.ts';

// The Telegram shell (tab bar, settings sheet, native buttons) is its own chunk: a web visitor never downloads it.
const TelegramLayout = lazy(loadTelegramLayout);

/** Moves focus without touching the URL, so the router does not treat it as navigation. */
function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  const main = document.getElementById('main');
  if (!main) return;
  event.preventDefault();
  main.focus();
  main.scrollIntoView({ block: 'start' });
}

/** The website: header with the pages and the language (docs/product/screens.md#screens-and-routes), the screen, its Main button as a page button. */
function WebLayout() {
  const { i18n } = useLingui();
  return (
    <div className="layout layout--web">
      <a href="#main" className="skip-link" onClick={skipToContent}>
        {i18n._('Skip to content')}
      </a>
      <SiteHeader />
      <main id="main" tabIndex={-1} className="layout__main">
        <Outlet />
        <WebMainButton />
      </main>
      <SiteFooter />
      <Toaster />
      <ScrollManager />
    </div>
  );
}

/** Inside Telegram the app looks like a mini app (docs/product/screens.md#audiences-and-channels); on the plain web, like a website. */
export function RootLayout() {
  const host = useHost();
  if (host.kind === 'telegram') {
    const Loaded = loadedTelegramLayout();
    // The module's one component, the same on every render: boot loaded it, so nothing suspends.
    // eslint-disable-next-line react-hooks/static-components
    if (Loaded) return <Loaded />;
    return (
      <Suspense fallback={<div className="startup-fallback" aria-busy="true" />}>
        <TelegramLayout />
      </Suspense>
    );
  }
  return <WebLayout />;
}
