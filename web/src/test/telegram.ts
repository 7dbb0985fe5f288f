import { sign } from '@telegram-apps/init-data-node';
import { mockTelegramEnv } from '@telegram-apps/sdk-react';

export const TEST_BOT_TOKEN = '123456789:TEST-token-for-signing-init-data-000';

export interface MockTelegramOptions {
  user?: { id: number; first_name: string; last_name?: string; username?: string; language_code?: string } | null;
  startParam?: string;
  platform?: string;
  version?: string;
  themeParams?: Record<string, string>;
}

export type RecordedEvent = [method: string, params: unknown];

/**
 * Fakes the Telegram client for component tests with the SDK's own mock: launch parameters with
 * signed init data, and every method the app calls recorded in `events`.
 */
export function mockTelegram(options: MockTelegramOptions = {}): { events: RecordedEvent[]; rawInitData: string } {
  const user = options.user === undefined ? { id: 42, first_name: 'Olena', username: 'olena', language_code: 'uk' } : options.user;
  const rawInitData = sign(
    {
      ...(user ? { user } : {}),
      ...(options.startParam ? { start_param: options.startParam } : {}),
      chat_instance: '1',
      chat_type: 'private',
      signature: 'test-signature',
    },
    TEST_BOT_TOKEN,
    new Date(),
  );
  const events: RecordedEvent[] = [];
  mockTelegramEnv({
    launchParams: {
      tgWebAppData: rawInitData,
      tgWebAppVersion: options.version ?? '8.0',
      tgWebAppPlatform: options.platform ?? 'android',
      tgWebAppThemeParams: (options.themeParams ?? { bg_color: '#ffffff', text_color: '#000000', button_color: '#2481cc' }) as never,
      ...(options.startParam ? { tgWebAppStartParam: options.startParam } : {}),
    },
    onEvent: (event) => {
      events.push(event as RecordedEvent);
    },
  });
  return { events, rawInitData };
}
