import { once } from 'node:events';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { get, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PROJECT_ROOT } from '../paths.ts';
import { useTestApp } from '../../test/app.ts';

/*
 * The streamed page (page-render.ts, docs/decisions/021-server-rendered-public-pages.md) on the real
 * app, with a server bundle of the build's shape: it renders, with React's own streaming renderer,
 * a car's description as the API answers it, and fails or stalls where the URL asks it to. The real
 * screens are walked in a browser by web/e2e/paint-head.e2e.test.ts.
 */

const SHELL_CSS = '.shell{color:#123}';
const SCREEN_CSS = '.card{content:"</style><b>"}';
const WEBP = '/media/photos/a-480.webp 480w, /media/photos/a-960.webp 960w';
const SIZES = '(max-width: 479.98px) 100vw, 360px';

const RENDERER = `
import React from ${JSON.stringify(join(PROJECT_ROOT, 'node_modules/react/index.js'))};
import ReactDOMServer from ${JSON.stringify(join(PROJECT_ROOT, 'node_modules/react-dom/server.node.js'))};

const never = new Promise(() => {});

export const renderer = {
  screenModules: (url) => (url.startsWith('/dashboard') ? null : ['src/screen.tsx']),
  async renderPage({ url, fetchApi }) {
    const search = new URL(url, 'http://localhost').searchParams;
    if (search.get('render') === 'fail') throw new Error('the screen threw');
    // The test releases a held render once it has read the head.
    if (search.get('render') === 'hold') await globalThis[Symbol.for('page-render.test: held render')];
    const car = search.get('car') ? await (await fetchApi('/api/cars/' + search.get('car'))).json() : null;
    const tree = React.createElement('main', null,
      React.createElement('picture', null,
        React.createElement('source', { type: 'image/webp', srcSet: ${JSON.stringify(WEBP)}, sizes: ${JSON.stringify(SIZES)} }),
        React.createElement('img', { src: '/media/photos/a-480.jpg', alt: 'a car', fetchPriority: 'high' })),
      React.createElement('p', { id: 'description' }, car ? car.description : 'no car'));
    return {
      state: JSON.stringify({ description: car ? car.description : null }).replace(/</g, '\\\\u003c'),
      largestImage: { href: null, srcset: ${JSON.stringify(WEBP)}, sizes: ${JSON.stringify(SIZES)}, type: 'image/webp' },
      async markup() {
        if (search.get('render') === 'fail-after-head') throw new Error('the final pass threw');
        if (search.get('render') === 'stall-after-head') return never;
        const stream = await ReactDOMServer.renderToReadableStream(tree);
        await stream.allReady;
        return stream;
      },
    };
  },
};
`;

/** A web build as Vite writes it: the shell's stylesheet linked, a screen's in the manifest, and the server bundle. */
function webBuildWithRenderer(): string {
  const web = mkdtempSync(join(tmpdir(), 'web-build-'));
  const dist = join(web, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  writeFileSync(
    join(dist, 'index.html'),
    [
      '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Car loans and leases</title>',
      '<script type="module" crossorigin src="/assets/index-abc.js"></script>',
      '<link rel="modulepreload" crossorigin href="/assets/react-abc.js">',
      '<link rel="stylesheet" crossorigin href="/assets/index-abc.css">',
      '</head><body><div id="root"></div><noscript>This site needs JavaScript.</noscript></body></html>',
    ].join('\n'),
  );
  writeFileSync(join(dist, 'assets', 'index-abc.css'), SHELL_CSS);
  writeFileSync(join(dist, 'assets', 'screen-abc.css'), SCREEN_CSS);
  mkdirSync(join(dist, '.vite'));
  writeFileSync(
    join(dist, '.vite', 'manifest.json'),
    JSON.stringify({
      'src/screen.tsx': { file: 'assets/screen-abc.js', css: ['assets/screen-abc.css'] },
      'boot.js': { file: 'assets/boot-abc.js', src: 'boot.js' },
    }),
  );
  const ssr = join(web, 'dist-ssr');
  mkdirSync(ssr);
  writeFileSync(join(ssr, 'entry-server.js'), RENDERER);
  return dist;
}

describe('public pages stream from the server with their stylesheets inline', () => {
  const t = useTestApp('pglite', { seed: true, webDist: webBuildWithRenderer() });

  async function carWithDescription(description: string) {
    const car = await t.db
      .selectFrom('cars')
      .select('uuid')
      .where('listing_state', '=', 'available')
      .orderBy('uuid')
      .executeTakeFirstOrThrow();
    await t.db.updateTable('cars').set({ description }).where('uuid', '=', car.uuid).execute();
    return car.uuid;
  }

  const head = (html: string) => html.slice(0, html.indexOf('</head>'));

  it('sends a whole page: head with the stylesheets inline and the picture preloaded, the markup, then its data', async () => {
    const description = "Great car</script><script>alert(1)</script> $& $' <b>bold</b>";
    const uuid = await carWithDescription(description);
    const res = await t.app.inject(`/?car=${uuid}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    // The shell's stylesheet in place of its link, then the screen's, each with a link the browser does not fetch.
    expect(head(html)).toContain(
      `<style data-href="/assets/index-abc.css">${SHELL_CSS}</style><link rel="stylesheet" crossorigin href="/assets/index-abc.css" disabled />`,
    );
    expect(head(html)).toContain(`<style data-href="/assets/screen-abc.css">.card{content:"<\\/style><b>"}</style>`);
    expect(head(html)).not.toMatch(/<link rel="stylesheet"(?![^>]*disabled)/);
    // The page paints before the app is fetched: its one script loads the app after the first paint.
    expect(head(html)).toContain('<script type="module" crossorigin src="/assets/boot-abc.js" data-app="/assets/index-abc.js"></script>');
    expect(head(html)).not.toContain('modulepreload');
    // The preload offers what the <picture> does: the browser takes one for the other.
    expect(head(html)).toContain(
      `<link rel="preload" as="image" imagesrcset="${WEBP}" imagesizes="${SIZES}" type="image/webp" fetchpriority="high" />`,
    );
    expect(html).toContain(`<source type="image/webp" srcSet="${WEBP}" sizes="${SIZES}"/>`);
    // React's escaping, and no replacement pattern expanded.
    expect(html).toContain(
      '<p id="description">Great car&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; $&amp; $&#x27; &lt;b&gt;bold&lt;/b&gt;</p>',
    );
    const state = /<script type="application\/json" id="server-state">([\s\S]*?)<\/script>/.exec(html)?.[1];
    expect(JSON.parse(state!)).toEqual({ description });
    expect(html).not.toContain('<script>alert(1)');
    expect(html).not.toContain('<noscript>');
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
  });

  it('compresses the page for a browser that takes brotli or gzip, and sends it as is otherwise', async () => {
    const plain = (await t.app.inject('/')).body;
    const br = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toContain('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gzip = await t.app.inject({ url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(plain);
  });

  it('sends the head before the render is done', async () => {
    let release = () => {};
    const held = Symbol.for('page-render.test: held render');
    (globalThis as Record<symbol, unknown>)[held] = new Promise<void>((resolve) => (release = resolve));
    try {
      // Over a socket, as a browser reads it (the app's inject gives the answer whole).
      const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
      const stream = await new Promise<IncomingMessage>((resolve, reject) =>
        get(`${address}/?render=hold`, { agent: false }, resolve).on('error', reject),
      );
      const [first] = (await once(stream, 'data')) as [Buffer];
      expect(first.toString()).toContain(`<style data-href="/assets/screen-abc.css">`);
      expect(first.toString()).not.toContain('</head>');
      release();
      const rest: Buffer[] = [];
      for await (const chunk of stream) rest.push(chunk as Buffer);
      expect(Buffer.concat(rest).toString()).toContain('<p id="description">no car</p>');
    } finally {
      release();
      delete (globalThis as Record<symbol, unknown>)[held];
    }
  });

  it('ends the page for the browser to render when the data passes fail', async () => {
    const res = await t.app.inject('/?render=fail');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('</head><body><div id="root"></div><noscript>This site needs JavaScript.</noscript>');
    expect(res.body).not.toContain('server-state');
    expect(head(res.body)).toContain(`<style data-href="/assets/index-abc.css">${SHELL_CSS}</style>`);
  });

  it('closes the page for the browser to render when the final pass fails after the head left', async () => {
    const res = await t.app.inject('/?render=fail-after-head');
    expect(res.statusCode).toBe(200);
    expect(head(res.body)).toContain('<link rel="preload" as="image"');
    expect(res.body).toContain('<div id="root"></div><noscript>This site needs JavaScript.</noscript></body></html>');
    expect(res.body).not.toContain('server-state');
  });

  it('closes the page for the browser to render when the final pass outlasts the render deadline', async () => {
    const res = await t.app.inject('/?render=stall-after-head');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div><noscript>This site needs JavaScript.</noscript></body></html>');
    expect(res.body).not.toContain('server-state');
  });

  it('leaves a staff page as built: its stylesheet linked, nothing rendered', async () => {
    const res = await t.app.inject('/dashboard');
    expect(res.body).toContain('<link rel="stylesheet" crossorigin href="/assets/index-abc.css">');
    expect(res.body).toContain('<script type="module" crossorigin src="/assets/index-abc.js"></script>');
    expect(res.body).toContain('<link rel="modulepreload" crossorigin href="/assets/react-abc.js">');
    expect(res.body).not.toContain('<style');
    expect(res.body).toContain('<div id="root"></div>');
  });
});
