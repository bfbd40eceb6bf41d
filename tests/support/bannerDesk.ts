/** What the API tests of the two banner desks share (ADR 031, ADR 034; the server's core is src/server/bannerDesk). */
import sharp from 'sharp';
import { expect } from 'vitest';
import type { DeskBanner } from '../../src/contract/bannerDesk.ts';
import type { TestApp } from './testApp.ts';
import { consoleCall } from './testStaff.ts';

/** A banner as either desk answers it. */
export type { DeskBanner };

/** Uploads a banner-sized picture through a desk's picture endpoint and answers its /media URL (the upload must succeed). */
export async function uploadBannerPicture(
  t: TestApp,
  path: '/rural/banners/picture' | '/placement/banners/picture' | '/topics/picture',
  staff: { headers: Record<string, string> },
  background: { r: number; g: number; b: number },
): Promise<string> {
  const png = await sharp({ create: { width: 750, height: 360, channels: 3, background } })
    .png()
    .toBuffer();
  const up = await consoleCall<{ url: string }>(t, 'POST', path, { data: png.toString('base64') }, staff.headers);
  expect(up.statusCode, up.message).toBe(200);
  return up.data.url;
}
