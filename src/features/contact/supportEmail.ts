/**
 * The readers' contact e-mail (setting SUPPORT_EMAIL, checked at start by src/settings/settings.ts), shown on
 * 用户协议, 隐私政策 and the mall's 客服中心 only when set: no made-up address stands in for a real one.
 */
import { settings } from '../../settings/settings.ts';

export function supportEmailFromEnv(): string | null {
  return settings().SUPPORT_EMAIL?.trim() || null;
}
