/**
 * The only script of a page rendered on the server (docs/decisions/021-server-rendered-public-pages.md):
 * it loads the app's entry, named by its data-app attribute (server/src/site/page-render.ts), once
 * the page has painted, so that neither the app's download nor the long task of evaluating and
 * hydrating it comes between the HTML and the first paint on a slow phone
 * (docs/operations/benchmarks.md#pages). A hidden tab paints nothing, so there it loads the app at
 * once. Written as it ships: the build emits it as an asset (web/vite.config.ts), beside the app's
 * chunks rather than among them, so the app is split as it always was.
 */
export const BOOT_SCRIPT = `const app = document.querySelector('script[data-app]')?.dataset.app;
if (app) {
  if (document.visibilityState !== 'hidden') await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  await import(app);
}
`;
