/**
 * Raster demo pictures (ADR 013): a seed names each picture (path under mediaDir, scene kind, size, seed),
 * then `writePictures` rasterises the procedural scene (sceneSvg.ts) to WebP with sharp. Rendering is the
 * slow part, so every rendered file is kept in a cache folder keyed by a hash of what it was drawn from;
 * the next seed (another test database, a fresh DATA_DIR) copies it instead of drawing it again.
 */
import { createHash } from 'node:crypto';
import { copyFile, mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import sharp from 'sharp';
import { sceneSvg, type SceneKind } from './sceneSvg.ts';
import { settings } from '../../../settings/settings.ts';

/** Bump when a scene's drawing changes, so cached files are drawn again. */
const DRAWING_VERSION = 1;
const PARALLEL = 2;

export interface PictureSpec {
  kind: SceneKind;
  width: number;
  height: number;
  /** Any stable key; the scene's details derive from it. */
  seed: string;
  /**
   * A VR panorama: the scene drawn at half the width and joined to its mirror image, so the strip's two
   * ends meet and the VR viewer can turn it all the way round without a seam.
   */
  panorama?: boolean;
}

/** The pictures one seed wants: relative path under mediaDir → what to draw. */
export class PictureSet {
  readonly specs = new Map<string, PictureSpec>();

  /** Registers a picture at `<sub>/<file>.webp` and answers its public URL (`/media/...`). */
  add(sub: string, file: string, spec: Omit<PictureSpec, 'seed'> & { seed?: string }): string {
    const rel = `${sub}/${file}.webp`;
    this.specs.set(rel, { seed: rel, ...spec });
    return `/media/${rel}`;
  }

  get size(): number {
    return this.specs.size;
  }
}

function cacheDir(): string {
  return settings().DEMO_PICTURE_CACHE ?? join(tmpdir(), 'shancheng-demo-pictures');
}

async function exists(file: string): Promise<boolean> {
  try {
    return (await stat(file)).isFile();
  } catch {
    return false;
  }
}

/** The WebP bytes of an SVG drawing (every demo picture's one encoding). */
function svgToWebp(svg: string): Promise<Buffer> {
  return sharp(Buffer.from(svg)).webp({ quality: 74, effort: 2 }).toBuffer();
}

/** The WebP bytes of one scene (no cache). */
export async function renderPicture(spec: PictureSpec): Promise<Buffer> {
  if (!spec.panorama) return svgToWebp(sceneSvg(spec.kind, spec.width, spec.height, spec.seed));
  const half = Math.floor(spec.width / 2);
  const left = await sharp(Buffer.from(sceneSvg(spec.kind, half, spec.height, spec.seed)))
    .png()
    .toBuffer();
  const right = await sharp(left).flop().toBuffer();
  return sharp({ create: { width: half * 2, height: spec.height, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .composite([
      { input: left, left: 0, top: 0 },
      { input: right, left: half, top: 0 },
    ])
    .webp({ quality: 74, effort: 2 })
    .toBuffer();
}

/** Copies the cached WebP of `key` to `target`, drawing it with `render` first when the cache lacks it. */
async function copyCached(key: string, render: () => Promise<Buffer>, target: string): Promise<void> {
  const dir = cacheDir();
  const cached = join(dir, key.slice(0, 2), `${key}.webp`);
  if (!(await exists(cached))) {
    const bytes = await render();
    await mkdir(dirname(cached), { recursive: true });
    // Write then rename: a parallel seed never copies a half-written file.
    const tmp = `${cached}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
    await writeFile(tmp, bytes);
    await rename(tmp, cached);
  }
  await copyFile(cached, target);
}

async function renderCached(spec: PictureSpec, target: string): Promise<void> {
  const key = createHash('sha256')
    .update(JSON.stringify([DRAWING_VERSION, spec.kind, spec.width, spec.height, spec.seed, ...(spec.panorama ? ['panorama'] : [])]))
    .digest('hex')
    .slice(0, 32);
  await copyCached(key, () => renderPicture(spec), target);
}

/**
 * Writes an SVG drawing as a WebP file (another area's own procedural drawing, e.g. the rural landscapes),
 * through the same cache: demo pictures are raster.
 */
export async function writeSvgAsWebp(svg: string, target: string): Promise<void> {
  const key = createHash('sha256').update(svg).digest('hex').slice(0, 32);
  await copyCached(key, () => svgToWebp(svg), target);
}

/** Draws (or copies from the cache) every picture of the set into mediaDir. */
export async function writePictures(mediaDir: string, set: PictureSet): Promise<void> {
  const entries = [...set.specs.entries()];
  const dirs = new Set(entries.map(([rel]) => dirname(join(mediaDir, rel))));
  for (const dir of dirs) await mkdir(dir, { recursive: true });
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < entries.length) {
      const [rel, spec] = entries[next++] as [string, PictureSpec];
      await renderCached(spec, join(mediaDir, rel));
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
}
