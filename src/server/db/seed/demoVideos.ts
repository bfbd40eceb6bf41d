/**
 * The committed demo videos (src/server/db/seed/media/, made once by scripts/makeDemoVideos.ts with
 * ffmpeg: a slow pan over a generated scene, no colour bars) and their real lengths, so a card's
 * duration is the video's. A video item takes one by its id.
 */
import { fileURLToPath } from 'node:url';

/** Where the committed demo videos are (a seed copies them into the media folder). */
export const DEMO_VIDEO_DIR = fileURLToPath(new URL('./media/', import.meta.url));
export interface DemoVideo {
  file: string;
  /** Length in whole seconds. */
  seconds: number;
  kind: 'skyline' | 'river' | 'mountains' | 'night' | 'market' | 'crowd' | 'hotpot' | 'rail' | 'fields';
}

export const LANDSCAPE_VIDEOS: readonly DemoVideo[] = [
  { file: 'video-night.mp4', seconds: 12, kind: 'night' },
  { file: 'video-skyline.mp4', seconds: 9, kind: 'skyline' },
  { file: 'video-river.mp4', seconds: 14, kind: 'river' },
  { file: 'video-market.mp4', seconds: 8, kind: 'market' },
  { file: 'video-mountains.mp4', seconds: 11, kind: 'mountains' },
];

export const PORTRAIT_VIDEOS: readonly DemoVideo[] = [
  { file: 'short-hotpot.mp4', seconds: 7, kind: 'hotpot' },
  { file: 'short-rail.mp4', seconds: 10, kind: 'rail' },
  { file: 'short-crowd.mp4', seconds: 8, kind: 'crowd' },
];

/** The demo video of a news item. */
export function demoVideoFor(id: number, portrait: boolean): DemoVideo {
  const list = portrait ? PORTRAIT_VIDEOS : LANDSCAPE_VIDEOS;
  return list[id % list.length] ?? (list[0] as DemoVideo);
}
