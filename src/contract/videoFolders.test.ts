import { describe, expect, it } from 'vitest';
import { POST_VIDEO_URL } from './discoverRules.ts';
import { STAFF_VIDEO_URL } from './publish.ts';
import { storedVideoUrl, videoFolderOf, VIDEO_FOLDERS } from './videoFolders.ts';

const NAME = '0f8fad5b-d9cb-469f-a165-70867728950e.mp4';

describe('storedVideoUrl', () => {
  it.each([
    ['a reader video', `/media/videos/12/${NAME}`, true, false],
    ['a desk video', `/media/newsroom/videos/3/${NAME}`, false, true],
    ['a WebM', `/media/videos/12/${NAME.replace('.mp4', '.webm')}`, true, false],
    ['another folder', `/media/comments/12/${NAME}`, false, false],
    ['a name the server never gives', '/media/videos/12/evil.mp4', false, false],
    ['a page, not a video', `/media/newsroom/videos/3/${NAME.replace('.mp4', '.html')}`, false, false],
    ['a path out of the folder', `/media/videos/1/../2/${NAME}`, false, false],
    ['a desk video as a reader one', `/media/videos/newsroom/videos/3/${NAME}`, false, false],
  ])('%s: %s (reader %s, desk %s)', (_what, url, reader, staff) => {
    expect(POST_VIDEO_URL.test(url)).toBe(reader);
    expect(STAFF_VIDEO_URL.test(url)).toBe(staff);
  });

  it('gives the owner and the name of an address in the folder that videoFolderOf makes', () => {
    const folder = videoFolderOf(VIDEO_FOLDERS.staff, 3);
    expect(folder).toBe('newsroom/videos/3');
    expect(storedVideoUrl(VIDEO_FOLDERS.staff).exec(`/media/${folder}/${NAME}`)?.slice(1)).toEqual(['3', NAME]);
  });
});
