/**
 * Reading an article earns points (issue 18): once the detail page has loaded, a logged-in reader's
 * read is reported to POST /v1/points/read (the server pays once per article, within a daily cap).
 * Quiet: an expired login or a reached cap shows nothing while the reader reads.
 */
import type { pointsRead } from '../../contract/mall.ts';
import type { Envelope } from '../../contract/envelope.ts';
import type { DataOf } from '../../contract/endpoint.ts';

export async function sendReadPoints(classId: string, newsId: string): Promise<void> {
  const { $session } = await import('../../stores/session.ts');
  if (!$session.get().token) return;
  const { createQuietApi } = await import('../../client/quietApi.ts');
  const path: (typeof pointsRead)['path'] = '/v1/points/read';
  try {
    const res: Envelope<DataOf<typeof pointsRead>> = await createQuietApi().post(path, { classId, newsId });
    if (res.statusCode === 200 && res.data.awarded === 1) {
      const { showToast } = await import('../../stores/toast.ts');
      showToast(`阅读文章 +${res.data.points} 积分`, { type: 'text', duration: 1500 });
    }
  } catch {
    // Nothing was promised to the reader; the next article earns instead.
  }
}
