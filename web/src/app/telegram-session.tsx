import { useEffect } from 'react';
import { useHost } from '../host/index.ts';
import { recordActivity } from './api/record-activity.ts';
import { registerUser } from './api/register-user.ts';

let startedForLaunch = false;

/** docs/product/identity.md#identity: when a Telegram user is known, save the user and record their activity once per launch. */
export function TelegramSession() {
  const { user } = useHost();

  useEffect(() => {
    if (!user || startedForLaunch) return;
    startedForLaunch = true;
    void (async () => {
      try {
        await registerUser();
        await recordActivity();
      } catch (error) {
        // The app works without it; the next launch tries again.
        console.warn('Could not register the Telegram user', error);
      }
    })();
  }, [user]);

  return null;
}
