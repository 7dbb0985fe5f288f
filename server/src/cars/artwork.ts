import type { CarBodyStyle } from '../../../domain/enums.ts';

/**
 * Our own car artwork: no real photos can be fetched here, so each car's photo URLs point at
 * SVG illustrations drawn per body style and tinted with the car's colour. The photos column
 * holds plain URLs, so a real inventory's photos replace these without code changes.
 */

export const SCENES = ['studio', 'street', 'dusk'] as const;
export type Scene = (typeof SCENES)[number];

/** Side silhouettes on a 400×200 canvas, wheels at x=105 and x=295 on the ground line y=160. */
const BODIES: Record<CarBodyStyle, string> = {
  sedan:
    'M30 150 L35 120 Q40 108 60 105 L120 100 L160 72 Q175 64 200 64 L255 64 Q275 64 292 78 L320 100 L360 106 Q375 110 375 125 L375 150 Z',
  suv: 'M28 150 L28 108 Q30 96 45 94 L90 92 L120 58 Q126 52 140 52 L300 52 Q318 52 328 66 L352 96 Q372 100 374 118 L374 150 Z',
  pickup: 'M26 150 L26 106 Q28 96 40 95 L110 92 L135 58 Q140 52 152 52 L225 52 Q235 52 237 62 L240 96 L372 96 Q378 96 378 104 L378 150 Z',
  hatchback: 'M36 150 L38 116 Q42 104 60 102 L112 98 L150 66 Q160 58 180 58 L290 58 Q312 60 322 84 L340 118 Q345 130 344 150 Z',
  coupe:
    'M26 150 L30 124 Q34 112 56 108 L140 100 L185 74 Q198 68 220 68 L262 68 Q282 70 300 88 L330 104 L365 110 Q378 116 378 130 L378 150 Z',
  minivan: 'M30 150 L30 100 Q32 84 52 80 L100 60 Q110 52 130 50 L320 50 Q345 50 355 70 L370 104 Q376 114 376 126 L376 150 Z',
  convertible: 'M28 150 L32 122 Q36 110 58 107 L150 100 L175 86 L182 100 L300 100 L335 104 L362 108 Q376 114 376 128 L376 150 Z',
  wagon: 'M28 150 L32 118 Q36 106 56 103 L118 98 L150 64 Q158 58 174 58 L320 58 Q340 58 348 74 L362 104 Q376 110 376 124 L376 150 Z',
};

const SKIES: Record<Scene, [string, string, string]> = {
  studio: ['#f4f6fa', '#dfe5ee', '#c9d1dd'],
  street: ['#cfe3f7', '#eef5fb', '#9aa3ad'],
  dusk: ['#2b2d5c', '#f08a5d', '#3a3a44'],
};

/** Darkens (negative) or lightens (positive) a #rrggbb colour by a fraction. */
function shade(hex: string, amount: number): string {
  const n = parseInt(hex.slice(1), 16);
  const channel = (shift: number) => {
    const c = (n >> shift) & 0xff;
    const target = amount < 0 ? 0 : 255;
    return Math.round(c + (target - c) * Math.abs(amount));
  };
  return '#' + [16, 8, 0].map((s) => channel(s).toString(16).padStart(2, '0')).join('');
}

export function carSvg(style: CarBodyStyle, scene: Scene, color: string): string {
  const [skyTop, skyBottom, ground] = SKIES[scene];
  const dark = shade(color, -0.35);
  const light = shade(color, 0.35);
  const wheel = (x: number) =>
    `<circle cx="${x}" cy="150" r="24" fill="#1d1f24"/><circle cx="${x}" cy="150" r="12" fill="#b9bec7"/><circle cx="${x}" cy="150" r="4" fill="#555"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 400 225" width="800" height="450" role="img" aria-label="${style} illustration">
<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${skyTop}"/><stop offset="1" stop-color="${skyBottom}"/></linearGradient>
<linearGradient id="paint" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${light}"/><stop offset="0.55" stop-color="${color}"/><stop offset="1" stop-color="${dark}"/></linearGradient></defs>
<rect width="400" height="225" fill="url(#sky)"/><rect y="166" width="400" height="59" fill="${ground}"/>
<ellipse cx="200" cy="172" rx="175" ry="9" fill="#000" opacity="0.25"/>
<path d="${BODIES[style]}" fill="url(#paint)" stroke="${dark}" stroke-width="2"/>
<path d="${BODIES[style]}" fill="none" stroke="#fff" stroke-opacity="0.25" stroke-width="1" transform="translate(0 -3)"/>
${wheel(105)}${wheel(295)}
<rect x="360" y="116" width="14" height="7" rx="2" fill="#ffd76a"/><rect x="28" y="118" width="10" height="7" rx="2" fill="#d33"/>
</svg>`;
}
