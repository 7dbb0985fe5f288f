import '@telegram-apps/telegram-ui/dist/styles.css';
import './styles/fonts.css';
import './styles/global.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { startLanguage } from './app/language.ts';
import { AppProviders } from './app/providers.tsx';
import { createAppRouter } from './app/router.tsx';
import { applyStartLink } from './app/start-link.ts';
import { loadTelegramLayout } from './app/telegram-layout-chunk.ts';
import { bootHost } from './host/index.ts';
import { createQueryClient } from './lib/api-client.ts';

async function start() {
  const host = await bootHost();
  // The shell's chunk downloads while the language loads, not after the first render asks for it.
  if (host.kind === 'telegram') void loadTelegramLayout();
  applyStartLink(host.startParam);
  const queryClient = createQueryClient();
  const router = createAppRouter(queryClient);
  // A remembered or Telegram language is applied before first paint; a geo lookup never blocks it.
  await startLanguage({ telegramLanguageCode: host.user?.languageCode ?? null, telegramUserKnown: host.user !== null });

  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <AppProviders host={host} queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}

void start();
