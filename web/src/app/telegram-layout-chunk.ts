/** One import for the Telegram shell's chunk, so boot can start downloading it before the first render. */
export const loadTelegramLayout = () => import('./telegram-layout.tsx');
