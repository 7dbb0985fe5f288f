/**
 * The only script of a page rendered on the server (docs/decisions/021-server-rendered-public-pages.md):
 * it loads the app's entry, named by its data-app attribute (server/src/site/page-render.ts), once
 * the page has painted, so that neither the app's download nor the long task of evaluating and
 * hydrating it comes between the HTML and the first paint on a slow phone
 * (docs/operations/benchmarks.md#pages). A hidden tab paints nothing, so there it loads the app at
 * once. The build emits it as an asset (web/vite.config.ts), beside the app's chunks rather than
 * among them.
 *
 * `libraries` are the chunks the entry imports (react-dom and react-router among them, each a chunk
 * of its own). All are fetched at once, then evaluated one per task, so evaluating them is not one
 * long task that holds up a tap (docs/operations/benchmarks.md#pages); the entry then finds them
 * evaluated.
 */
export function bootScript(libraries: readonly string[]): string {
  return `const app = document.querySelector('script[data-app]')?.dataset.app;
if (app) {
  if (document.visibilityState !== 'hidden') await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  const libraries = ${JSON.stringify(libraries)};
  for (const href of [...libraries, app]) {
    const link = document.createElement('link');
    link.rel = 'modulepreload';
    link.crossOrigin = '';
    link.href = href;
    document.head.append(link);
  }
  for (const library of libraries) {
    await import(library);
    await new Promise((resolve) => setTimeout(resolve, 0));
  }
  await import(app);
}
`;
}
