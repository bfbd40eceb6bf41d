import { describe, expect, it } from 'vitest';
import { POST_MAX_CHARS } from '../../contract/discoverRules.ts';
import {
  checkPost,
  PUBLISH_EMPTY,
  PUBLISH_NO_TOPIC,
  PUBLISH_TOO_LONG,
  PUBLISH_UPLOADING,
  PUBLISH_VIDEO_UPLOADING,
  publishDraftKey,
  readDraft,
  writeDraft,
} from './decidePublish.ts';

const PIC = '/media/comments/12/0f8fad5b-d9cb-469f-a165-70867728950e.jpg';
const VIDEO = '/media/videos/12/0f8fad5b-d9cb-469f-a165-70867728950e.mp4';

describe('checkPost (the discover composer)', () => {
  it('asks for text, then a topic, then waits for uploads', () => {
    expect(checkPost({ text: '  ', topicId: 1, uploading: false })).toBe(PUBLISH_EMPTY);
    expect(checkPost({ text: '解放碑夜景', topicId: null, uploading: false })).toBe(PUBLISH_NO_TOPIC);
    expect(checkPost({ text: '解放碑夜景', topicId: 1, uploading: true })).toBe(PUBLISH_UPLOADING);
    expect(checkPost({ text: '解放碑夜景', topicId: 1, uploading: false, videoUploading: true })).toBe(PUBLISH_VIDEO_UPLOADING);
    expect(checkPost({ text: '解放碑夜景', topicId: 1, uploading: false })).toBeNull();
  });

  it(`counts code points like the server: ${POST_MAX_CHARS} emoji pass, one more does not`, () => {
    expect(checkPost({ text: '😀'.repeat(POST_MAX_CHARS), topicId: 1, uploading: false })).toBeNull();
    expect(checkPost({ text: '😀'.repeat(POST_MAX_CHARS + 1), topicId: 1, uploading: false })).toBe(PUBLISH_TOO_LONG);
  });
});

describe('the draft in storage', () => {
  it('round-trips text, pictures, video and topic; one key per reader', () => {
    const draft = { text: '洪崖洞人好多', pictures: [PIC], video: VIDEO, topicId: 3 };
    expect(readDraft(writeDraft(draft))).toEqual(draft);
    expect(publishDraftKey('12')).not.toBe(publishDraftKey('13'));
  });

  it('keeps nothing for an empty draft', () => {
    expect(writeDraft({ text: ' ', pictures: [], video: '', topicId: 3 })).toBeNull();
  });

  it('keeps a draft that holds only an uploaded video', () => {
    expect(readDraft(writeDraft({ text: '', pictures: [], video: VIDEO, topicId: null }))).toMatchObject({ video: VIDEO });
  });

  it('reads hostile or broken storage as an empty or cleaned draft', () => {
    expect(readDraft('{not json')).toEqual({ text: '', pictures: [], video: '', topicId: null });
    expect(readDraft('null')).toEqual({ text: '', pictures: [], video: '', topicId: null });
    const cleaned = readDraft(
      JSON.stringify({
        text: 5,
        pictures: ['https://evil.example/x.jpg', '/media/comments/1/../../x.jpg', PIC],
        video: 'https://evil.example/v.mp4',
        topicId: -1,
      }),
    );
    expect(cleaned).toEqual({ text: '', pictures: [PIC], video: '', topicId: null });
    expect(readDraft(JSON.stringify({ video: '/media/videos/1/../2/0f8fad5b-d9cb-469f-a165-70867728950e.mp4' })).video).toBe('');
    expect(readDraft(JSON.stringify({ video: ['x'] })).video).toBe('');
  });
});
