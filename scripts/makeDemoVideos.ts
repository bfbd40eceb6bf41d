/**
 * Makes the demo videos committed under src/server/db/seed/media/ (ADR 013): each is a slow pan over a
 * wide procedural scene (sceneSvg.ts), H.264, no audio. Needs ffmpeg; run once when the list in
 * demoVideos.ts changes: `node scripts/makeDemoVideos.ts`. Readers' machines only copy the files.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { LANDSCAPE_VIDEOS, PORTRAIT_VIDEOS, type DemoVideo } from '../src/server/db/seed/demoVideos.ts';
import { sceneSvg } from '../src/server/db/seed/sceneSvg.ts';

const OUT = fileURLToPath(new URL('../src/server/db/seed/media/', import.meta.url));
const work = mkdtempSync(join(tmpdir(), 'demo-videos-'));

async function make(video: DemoVideo, frame: [number, number], pano: [number, number]): Promise<void> {
  const png = join(work, `${video.file}.png`);
  await sharp(Buffer.from(sceneSvg(video.kind, pano[0], pano[1], `video:${video.file}`)))
    .png()
    .toFile(png);
  const [w, h] = frame;
  const t = video.seconds;
  execFileSync('ffmpeg', [
    '-y',
    '-loglevel',
    'error',
    '-loop',
    '1',
    '-framerate',
    '20',
    '-i',
    png,
    '-vf',
    `crop=${w}:${h}:x='(iw-${w})*t/${t}':y='(ih-${h})/2',format=yuv420p`,
    '-t',
    String(t),
    '-r',
    '20',
    '-c:v',
    'libx264',
    '-preset',
    'veryslow',
    '-crf',
    '31',
    '-profile:v',
    'main',
    '-movflags',
    '+faststart',
    '-an',
    join(OUT, video.file),
  ]);
  console.log(video.file, `${t}s`, `${Math.round(statSync(join(OUT, video.file)).size / 1024)} KB`);
}

for (const v of LANDSCAPE_VIDEOS) await make(v, [480, 270], [1280, 270]);
for (const v of PORTRAIT_VIDEOS) await make(v, [270, 480], [900, 480]);
rmSync(work, { recursive: true, force: true });
