import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app.ts';
import { fakeWebBuild } from '../../test/web-build.ts';
import { withPageMeta } from './page-meta.ts';

/** The built page's head as the web build writes it: a generic title and description. */
function webBuildWithHead(): string {
  const dir = fakeWebBuild();
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><meta name="description" content="generic" /><title>Car loans and leases</title></head><body><div id="root"></div></body></html>',
  );
  return dir;
}

const metaContent = (html: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key.replace(':', '\\:')}" content="([^"]*)"`).exec(html)?.[1];

describe('link previews and crawlers read each public page from the server', () => {
  const t = useTestApp('pglite', {
    seed: true,
    webDist: webBuildWithHead(),
    env: { COMPANY_NAME: 'Test Motors', PUBLIC_URL: 'https://cars.example' },
  });

  async function firstCar() {
    return t.db
      .selectFrom('cars')
      .select(['uuid', 'year', 'brand', 'model', 'trim', 'price', 'photos'])
      .orderBy('uuid')
      .executeTakeFirstOrThrow();
  }

  it('names the car, its price and its picture on a car page', async () => {
    const car = await firstCar();
    const res = await t.app.inject(`/cars/${car.uuid}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    const name = [car.year, car.brand, car.model, car.trim].filter(Boolean).join(' ');
    expect(res.body).toContain(`<title>${name} · Test Motors</title>`);
    expect(metaContent(res.body, 'og:title')).toBe(`${name} · Test Motors`);
    expect(metaContent(res.body, 'og:description')).toContain(`$${car.price.toLocaleString('en-US')}`);
    expect(metaContent(res.body, 'og:image')).toBe(new URL(car.photos[0]!, 'https://cars.example').href);
    expect(metaContent(res.body, 'og:url')).toBe(`https://cars.example/cars/${car.uuid}`);
    expect(metaContent(res.body, 'og:type')).toBe('product');
  });

  it('gives the home page and the catalogue their own title and one description each', async () => {
    const home = (await t.app.inject('/')).body;
    expect(home).toContain('<title>Car loans and leases · Test Motors</title>');
    expect(home.match(/<meta name="description"/g)).toHaveLength(1);
    expect(metaContent(home, 'og:site_name')).toBe('Test Motors');
    const cars = (await t.app.inject('/cars?brand=Ford')).body;
    expect(cars).toContain('<title>Available Cars · Test Motors</title>');
    expect(metaContent(cars, 'description')).toContain('Test Motors');
  });

  it.each(['/', '/cars'])('shows our own 1200 × 630 picture in the preview of %s', async (path) => {
    const page = (await t.app.inject(path)).body;
    expect(metaContent(page, 'og:image')).toBe('https://cars.example/link-preview.png');
    expect(metaContent(page, 'og:image:width')).toBe('1200');
    expect(metaContent(page, 'og:image:height')).toBe('630');
    expect(metaContent(page, 'twitter:card')).toBe('summary_large_image');
  });

  it('answers an unknown car with 404 and the site title, still serving the app', async () => {
    const res = await t.app.inject('/cars/00000000-0000-4000-8000-000000000000');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<title>Car loans and leases · Test Motors</title>');
    expect(res.body).toContain('<div id="root"></div>');
  });

  it('escapes what it writes into the page', async () => {
    const res = await t.app.inject('/cars/%22%3E%3Cscript%3E');
    expect(res.body).not.toContain('"><script>');
  });

  it.each(['//evil.example/x', '///evil.example/x'])('keeps og:url on our own host for the path %s', async (path) => {
    const res = await t.app.inject(path);
    const ogUrl = new URL(metaContent(res.body, 'og:url') ?? '');
    expect(ogUrl.origin).toBe('https://cars.example');
    expect(ogUrl.pathname).toBe('/evil.example/x');
  });
});

describe('the status of a page', () => {
  const t = useTestApp('pglite', { seed: true, webDist: webBuildWithHead() });

  it.each(['/no-such-page', '/cars/not-a-car', '/cars/00000000-0000-4000-8000-000000000000', '/application/nope', '/auth/elsewhere'])(
    'answers %s with 404 and the app, which shows its not-found screen',
    async (path) => {
      const res = await t.app.inject(path);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root"></div>');
    },
  );

  it.each([
    '/',
    '/cars',
    '/cars/',
    '/favorites',
    '/privacy',
    '/terms',
    '/application',
    '/application/income',
    '/trade-in',
    '/auth/link',
    '/dashboard',
    '/dashboard/users/5',
  ])('answers the screen %s with 200', async (path) => {
    expect((await t.app.inject(path)).statusCode).toBe(200);
  });

  it('answers an existing car, sold or not, with 200', async () => {
    const cars = await t.db.selectFrom('cars').select(['uuid', 'status']).execute();
    for (const status of new Set(cars.map((car) => car.status))) {
      const car = cars.find((row) => row.status === status)!;
      expect((await t.app.inject(`/cars/${car.uuid}`)).statusCode).toBe(200);
    }
  });
});

describe('link previews without PUBLIC_URL', () => {
  const t = useTestApp('pglite', { webDist: webBuildWithHead() });

  it('names the host the page was asked from', async () => {
    const res = await t.app.inject({ url: '/cars', headers: { host: 'cars.test:3000' } });
    expect(metaContent(res.body, 'og:url')).toBe('http://cars.test:3000/cars');
  });

  it('keeps og:url on that host for the path //evil.example/x', async () => {
    const res = await t.app.inject({ url: '//evil.example/x', headers: { host: 'cars.test:3000' } });
    expect(new URL(metaContent(res.body, 'og:url') ?? '').host).toBe('cars.test:3000');
  });

  it('still serves the page when the Host header is no host at all', async () => {
    const res = await t.app.inject({ url: '/cars', headers: { host: 'not a host' } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
  });
});

describe('staff pages', () => {
  const t = useTestApp('pglite', { webDist: webBuildWithHead() });

  it("are nobody's link preview: the built title stays and no Open Graph tag is added", async () => {
    const res = await t.app.inject('/dashboard/users/5');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Car loans and leases</title>');
    expect(res.body).not.toContain('og:title');
  });

  it.each(['/dashboard', '/dashboard/users/5', '/auth/link'])(
    'tells search engines to leave %s out, naming no canonical address',
    async (path) => {
      const res = await t.app.inject(path);
      expect(metaContent(res.body, 'robots')).toBe('noindex');
      expect(res.body).not.toContain('rel="canonical"');
    },
  );
});

describe("a shopper's visit pages", () => {
  const t = useTestApp('pglite', { webDist: webBuildWithHead() });
  it.each([
    '/visits',
    '/visits/12?token=1796052600.7078d70bf726b44c31e80d0adf188735b5d124821933b9d618596a96c7cf26ee',
    '/cars/0b3a4c1e-8a55-4f3e-9a57-3c0b7a2f6d11/visit?type=hold',
  ])('answers %s with the app, telling search engines to leave it out', async (path) => {
    const res = await t.app.inject(path);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(metaContent(res.body, 'robots')).toBe('noindex');
    expect(res.body).not.toContain('og:url');
  });
});

describe("the picture of the site's link previews", () => {
  it("is a 1200 × 630 PNG among the web build's public files", async () => {
    const file = fileURLToPath(new URL('../../../web/public/link-preview.png', import.meta.url));
    expect(await sharp(file).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
  });
});

describe('the page address in og:url', () => {
  it('stays on our host for a path with a backslash, which URL parsers read as a slash', () => {
    const meta = { title: 'Cars', description: 'Cars for sale', image: null, type: 'website', canonicalPath: '/cars' } as const;
    const html = withPageMeta(
      '<html><head><title>x</title></head></html>',
      meta,
      'https://cars.example',
      '/\\evil.example/x',
      'Test Motors',
    );
    expect(new URL(metaContent(html, 'og:url') ?? '').origin).toBe('https://cars.example');
  });
});
