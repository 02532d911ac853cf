import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEMO_VERSION, pictureColour, pictureNames } from './demo-content';

const hue = (index: number): string => pictureColour(index).hex;

// A neutral silhouette: the demo has no right to real people's faces.
const portraitSvg = (index: number): string => `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480" viewBox="0 0 480 480">
  <rect width="480" height="480" fill="${hue(index)}"/>
  <circle cx="240" cy="190" r="${88 + (index % 5) * 4}" fill="#f1d2b6"/>
  <path d="M${90 + (index % 3) * 6} 480 Q240 ${250 + (index % 4) * 10} ${390 - (index % 3) * 6} 480 Z" fill="${hue(index + 3)}"/>
</svg>`;

// A shield in the canton's manner: two colours and a star.
const emblemSvg = (index: number): string => `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="480" viewBox="0 0 480 480">
  <rect width="480" height="480" fill="#f4f1ea"/>
  <path d="M100 70 H380 V250 Q380 380 240 430 Q100 380 100 250 Z" fill="${hue(index)}"/>
  <path d="M240 70 H380 V250 Q380 380 240 430 Z" fill="${hue(index + 2)}"/>
  <polygon points="240,150 258,205 315,205 269,238 287,293 240,260 193,293 211,238 165,205 222,205" fill="#ffffff"/>
</svg>`;

// The first start renders ~100 small images once: one libvips thread and four pictures in flight
// take a few seconds more than all cores, and a fraction of the memory.
const SHARP_THREADS = 1;
const PICTURES_AT_ONCE = 4;

/** The folder under `mediaDir` that holds the current generation of demo images. */
export const mediaVersionDir = (mediaDir: string): string => join(mediaDir, `v${DEMO_VERSION}`);

/** Whether the demo images of this version are all in `mediaDir`. */
export const mediaReady = (mediaDir: string): boolean => existsSync(join(mediaVersionDir(mediaDir), '.complete'));

/**
 * Renders the demo portraits and emblems (240 and 480 px, JPEG and WebP) into
 * `mediaDir/v<version>/`, unless they are already there. Returns whether it rendered.
 */
export const ensureMedia = async (mediaDir: string): Promise<boolean> => {
  const target = mediaVersionDir(mediaDir);
  if (mediaReady(mediaDir)) return false;
  // Rendered beside and renamed, so a concurrent reader never sees half a set.
  const scratch = `${target}.tmp-${process.pid}-${Date.now()}`;
  mkdirSync(scratch, { recursive: true });
  // Loaded only when images are missing: libvips and its thread pool cost a server that has its
  // images ~40 MB of memory for nothing. Its cache would keep every rendered image.
  const { default: sharp } = await import('sharp');
  sharp.cache(false);
  sharp.concurrency(SHARP_THREADS);
  const names = pictureNames();
  // A few pictures at a time: all at once holds every intermediate buffer together.
  for (let start = 0; start < names.length; start += PICTURES_AT_ONCE) {
    await Promise.all(
      names.slice(start, start + PICTURES_AT_ONCE).map(async (name) => {
        const index = Number(name.slice(-2));
        const svg = Buffer.from(name.startsWith('portrait') ? portraitSvg(index) : emblemSvg(index));
        const large = await sharp(svg).png().toBuffer();
        const small = await sharp(large).resize(240, 240).png().toBuffer();
        await Promise.all([
          sharp(large)
            .jpeg({ quality: 80 })
            .toFile(join(scratch, `${name}-480.jpg`)),
          sharp(large)
            .webp({ quality: 75 })
            .toFile(join(scratch, `${name}-480.webp`)),
          sharp(small)
            .jpeg({ quality: 80 })
            .toFile(join(scratch, `${name}-240.jpg`)),
          sharp(small)
            .webp({ quality: 75 })
            .toFile(join(scratch, `${name}-240.webp`)),
        ]);
      }),
    );
  }
  writeFileSync(join(scratch, '.complete'), new Date().toISOString());
  if (existsSync(target)) rmSync(target, { recursive: true, force: true });
  try {
    renameSync(scratch, target);
  } catch {
    // Another process finished first: its set is as good as ours.
    rmSync(scratch, { recursive: true, force: true });
  }
  return true;
};
