import type { PreloadImage } from '../../domain/contracts/page-render.ts';

/**
 * The picture a server-rendered page paints largest, read from its markup, so that the preload in
 * the head asks for exactly what the <img> will (the same srcset and sizes, one download): the
 * first <img> marked fetchpriority="high" (a car's cover), else the first one not loaded lazily
 * (the first card of the catalogue). Within a <picture>, the browser takes the first <source>
 * it can show, so that source is what is preloaded, with its type.
 */

const TAG = /<(\/?)(picture|source|img)\b([^>]*)>/gi;
const ATTRIBUTE = /([^\s=/]+)(?:="([^"]*)")?/g;

const ENTITIES: Record<string, string> = { amp: '&', quot: '"', '#x27': "'", '#39': "'", lt: '<', gt: '>' };

/** React writes attribute values with &, ", ', < and > escaped (and nothing else). */
const decode = (value: string) => value.replace(/&(amp|quot|#x27|#39|lt|gt);/g, (_, name: string) => ENTITIES[name]!);

function attributesOf(text: string): Map<string, string> {
  const attributes = new Map<string, string>();
  for (const [, name, value] of text.matchAll(ATTRIBUTE)) attributes.set(name!.toLowerCase(), decode(value ?? ''));
  return attributes;
}

interface Candidate {
  img: Map<string, string>;
  source: Map<string, string> | undefined;
}

function preloadOf({ img, source }: Candidate): PreloadImage | null {
  if (source?.get('srcset')) {
    return { href: null, srcset: source.get('srcset')!, sizes: source.get('sizes') ?? null, type: source.get('type') ?? null };
  }
  const href = img.get('src') ?? null;
  const srcset = img.get('srcset') ?? null;
  if (!href && !srcset) return null;
  return { href, srcset, sizes: srcset ? (img.get('sizes') ?? null) : null, type: null };
}

export function largestImage(markup: string): PreloadImage | null {
  let firstEager: Candidate | undefined;
  let source: Map<string, string> | undefined;
  for (const [, closing, tag, text] of markup.matchAll(TAG)) {
    const name = tag!.toLowerCase();
    if (name === 'picture') {
      source = undefined;
      continue;
    }
    const attributes = attributesOf(text!);
    if (name === 'source') {
      if (!closing && !source) source = attributes;
      continue;
    }
    const candidate = { img: attributes, source };
    source = undefined;
    if (attributes.get('fetchpriority') === 'high') return preloadOf(candidate);
    if (!firstEager && attributes.get('loading') !== 'lazy') firstEager = candidate;
  }
  return firstEager ? preloadOf(firstEager) : null;
}
