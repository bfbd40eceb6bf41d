import { afterEach, describe, expect, it, vi } from 'vitest';
import { PICTURE_UPLOAD_MAX_BYTES } from '../../../contract/publish.ts';
import { messageOf } from '../../ui.tsx';
import { uploadPicture } from './pictureUpload.ts';

describe('uploadPicture', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('refuses a picture over 10 MB before sending it, with the message the desk shows (not 操作失败)', async () => {
    const fetchSpy = vi.fn();
    vi.stubGlobal('fetch', fetchSpy);
    const big = new File([new Uint8Array(PICTURE_UPLOAD_MAX_BYTES + 1)], '解放碑夜景.jpg', { type: 'image/jpeg' });
    const refused = await uploadPicture(big).then(
      () => null,
      (err: unknown) => err,
    );
    expect(messageOf(refused)).toBe('图片不能超过 10 MB');
    expect(fetchSpy).not.toHaveBeenCalled();
  });
});
