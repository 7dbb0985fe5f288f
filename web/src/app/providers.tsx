import { I18nProvider } from '@lingui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { AppRoot } from '@telegram-apps/telegram-ui';
import { Provider as JotaiProvider, type createStore } from 'jotai';
import { useEffect, type ReactNode } from 'react';
import { HostProvider, useHost, type Host } from '../host/index.ts';
import { i18n } from '../lib/i18n.ts';

type Store = ReturnType<typeof createStore>;

/** telegram-ui cannot see our SDK, so appearance and platform are handed to it. */
function ThemedRoot({ children }: { children: ReactNode }) {
  const host = useHost();
  const telegram = host.kind === 'telegram';
  // docs/product/screens.md#audiences-and-channels: the plain web page is white; only Telegram's palette may turn it dark.
  const appearance = telegram && host.isDark ? 'dark' : 'light';
  const platform = host.platform === 'ios' || host.platform === 'macos' ? 'ios' : 'base';

  useEffect(() => {
    const root = document.documentElement;
    root.dataset.host = host.kind;
    root.dataset.scheme = appearance;
    root.style.colorScheme = appearance;
  }, [host.kind, appearance]);

  return (
    <AppRoot appearance={appearance} platform={platform} className="app-root">
      {children}
    </AppRoot>
  );
}

export interface AppProvidersProps {
  host: Host;
  queryClient: QueryClient;
  store?: Store;
  children: ReactNode;
}

export function AppProviders({ host, queryClient, store, children }: AppProvidersProps) {
  return (
    <HostProvider host={host}>
      <JotaiProvider store={store}>
        <QueryClientProvider client={queryClient}>
          <I18nProvider i18n={i18n}>
            <ThemedRoot>{children}</ThemedRoot>
          </I18nProvider>
        </QueryClientProvider>
      </JotaiProvider>
    </HostProvider>
  );
}
