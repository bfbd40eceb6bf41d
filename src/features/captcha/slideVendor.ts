/**
 * Which slider the server wants (ADR 008): the captcha challenge answer names the provider and, for the
 * vendor's, its app key and script address. Asked once per page; on failure our own slider is shown
 * (with the vendor on, the server then says 验证方式已更新，请刷新页面重试).
 */
import type { captchaChallenge, SlideVendor } from '../../contract/accounts.ts';
import { getByPath } from '../../client/getEndpoint.ts';

let pending: Promise<SlideVendor | null> | null = null;

export function slideVendor(): Promise<SlideVendor | null> {
  pending ??= getByPath<typeof captchaChallenge>('/api/captcha/challenge')
    .then((res) => (res.statusCode === 200 && res.data.provider !== 'own' ? res.data.vendor : null))
    .catch(() => {
      pending = null;
      return null;
    });
  return pending;
}
