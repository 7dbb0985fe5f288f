import { describe, expect, it } from 'vitest';
import { largestImage } from './largest-image.ts';

describe('the largest picture of a server-rendered page, read from its markup', () => {
  it('takes the picture marked fetchpriority high, from its WebP source, with attributes decoded', () => {
    const markup =
      '<img src="/logo.svg" alt="" loading="eager"/>' +
      '<picture class="car-picture"><source type="image/webp" srcSet="/a-480.webp?x=1&amp;y=2 480w, /a-960.webp 960w" sizes="(max-width: 479.98px) 100vw, 800px"/>' +
      '<img id="main" src="/a-480.jpg" srcSet="/a-480.jpg 480w" sizes="(max-width: 479.98px) 100vw, 800px" alt="A &quot;car&quot;" fetchPriority="high" decoding="async"/></picture>';
    expect(largestImage(markup)).toEqual({
      href: null,
      srcset: '/a-480.webp?x=1&y=2 480w, /a-960.webp 960w',
      sizes: '(max-width: 479.98px) 100vw, 800px',
      type: 'image/webp',
    });
  });

  it('else takes the first picture not loaded lazily, as its <img> offers it', () => {
    const markup =
      '<picture><source type="image/webp" srcSet="/lazy.webp 480w" sizes="100vw"/><img src="/lazy.jpg" loading="lazy"/></picture>' +
      '<img src="/first.jpg" srcSet="/first-480.jpg 480w, /first-960.jpg 960w" sizes="100vw" loading="eager"/>' +
      '<img src="/second.jpg" loading="eager"/>';
    expect(largestImage(markup)).toEqual({
      href: '/first.jpg',
      srcset: '/first-480.jpg 480w, /first-960.jpg 960w',
      sizes: '100vw',
      type: null,
    });
  });

  it('gives a drawing (one SVG, no srcset) by its src, and nothing for a page without a picture', () => {
    expect(largestImage('<img src="/media/cars/sedan/studio.svg?color=1f3a73" width="800" fetchPriority="high"/>')).toEqual({
      href: '/media/cars/sedan/studio.svg?color=1f3a73',
      srcset: null,
      sizes: null,
      type: null,
    });
    expect(largestImage('<main><svg viewBox="0 0 1 1"></svg><img src="/x.jpg" loading="lazy"/></main>')).toBeNull();
  });
});
