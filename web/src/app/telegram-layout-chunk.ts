import type { ComponentType } from 'react';

let loaded: ComponentType | undefined;

/** One import for the Telegram shell's chunk, so boot can have it before the first render. */
export const loadTelegramLayout = () =>
  import('./telegram-layout.tsx').then((module) => {
    loaded = module.default;
    return module;
  });

/**
 * The shell once its chunk is in: boot waits for it inside Telegram, so the first frame is the
 * shell itself and not a loading placeholder that the shell then replaces.
 */
export const loadedTelegramLayout = (): ComponentType | undefined => loaded;
