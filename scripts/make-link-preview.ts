/**
 * `npx tsx scripts/make-link-preview.ts`: renders scripts/link-preview.svg to
 * web/public/link-preview.png, the 1200 × 630 picture link previews show for the site's pages
 * (server/src/site/page-meta.ts). Run it after changing the SVG and commit both: the PNG is
 * made once here rather than at build, so the text is drawn with this machine's fonts, not a server's.
 */
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const svg = fileURLToPath(new URL('link-preview.svg', import.meta.url));
const png = fileURLToPath(new URL('../web/public/link-preview.png', import.meta.url));

const { width, height, size } = await sharp(svg).png({ compressionLevel: 9, palette: true }).toFile(png);
process.stdout.write(`${png}: ${width} × ${height}, ${size} bytes\n`);
