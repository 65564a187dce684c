import { loadSharp } from '../../lib/images.js';

/**
 * Original generated artwork for the demo catalogue: gradient backgrounds with simple
 * geometric marks (icons) and layered ridges under a sky (gallery images), rendered with sharp.
 */

/** Small deterministic generator so the demo looks the same on every machine. */
export function seededRandom(seed: number): () => number {
  // Scramble the seed so that neighbouring seeds give unrelated sequences.
  let state = Math.imul((seed ^ 0x9e3779b9) >>> 0, 0x85ebca6b) >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 0x100000000;
  };
  for (let i = 0; i < 8; i++) next();
  return next;
}

const hsl = (h: number, s: number, l: number) => `hsl(${Math.round(h) % 360}, ${Math.round(s)}%, ${Math.round(l)}%)`;

function polygon(cx: number, cy: number, radius: number, sides: number, rotation: number): string {
  const points: string[] = [];
  for (let i = 0; i < sides; i++) {
    const angle = rotation + (i * 2 * Math.PI) / sides;
    points.push(`${(cx + radius * Math.cos(angle)).toFixed(1)},${(cy + radius * Math.sin(angle)).toFixed(1)}`);
  }
  return points.join(' ');
}

/** A 256 px square icon: diagonal gradient, a ring and a polygon mark. */
export async function iconPng(seed: number): Promise<Buffer> {
  const random = seededRandom(seed);
  const hue = random() * 360;
  const sides = 3 + Math.floor(random() * 5);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">
  <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${hsl(hue, 70, 58)}"/><stop offset="1" stop-color="${hsl(hue + 40 + random() * 60, 65, 32)}"/>
  </linearGradient></defs>
  <rect width="256" height="256" rx="48" fill="url(#g)"/>
  <circle cx="128" cy="128" r="${78 + random() * 16}" fill="none" stroke="${hsl(hue + 180, 40, 92)}" stroke-opacity="0.55" stroke-width="10"/>
  <polygon points="${polygon(128, 128, 52 + random() * 10, sides, random() * Math.PI)}" fill="${hsl(hue + 200, 55, 88)}"/>
  <circle cx="128" cy="128" r="${10 + random() * 8}" fill="${hsl(hue, 70, 40)}"/>
</svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/** A 1280×720 gallery picture: a sky gradient, a sun and three layers of ridges. */
export async function galleryPng(seed: number): Promise<Buffer> {
  const random = seededRandom(seed);
  const hue = random() * 360;
  const ridge = (base: number, amplitude: number, color: string) => {
    let path = `M0 720 L0 ${base}`;
    for (let x = 0; x <= 1280; x += 80) path += ` L${x} ${(base - random() * amplitude).toFixed(0)}`;
    return `<path d="${path} L1280 720 Z" fill="${color}"/>`;
  };
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="720" viewBox="0 0 1280 720">
  <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
    <stop offset="0" stop-color="${hsl(hue, 60, 30)}"/><stop offset="1" stop-color="${hsl(hue + 30, 70, 75)}"/>
  </linearGradient></defs>
  <rect width="1280" height="720" fill="url(#sky)"/>
  <circle cx="${200 + random() * 880}" cy="${140 + random() * 120}" r="${50 + random() * 40}" fill="${hsl(hue + 50, 90, 85)}"/>
  ${ridge(430, 120, hsl(hue + 200, 25, 45))}
  ${ridge(520, 100, hsl(hue + 190, 30, 32))}
  ${ridge(620, 80, hsl(hue + 180, 35, 20))}
</svg>`;
  const sharp = await loadSharp();
  return sharp(Buffer.from(svg)).png().toBuffer();
}
