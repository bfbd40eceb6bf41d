/**
 * The app's download page (setting APP_DOWNLOAD_URL, checked at start by src/settings/settings.ts): where 打开
 * goes when the app did not open (the reader has not installed it). Read per request, so a changed setting
 * needs only a restart. Unset: 打开 only tries the app's scheme.
 */
import { settings } from '../../settings/settings.ts';

export function appDownloadFromEnv(): string | null {
  return settings().APP_DOWNLOAD_URL?.trim() || null;
}
