/**
 * A client for calls the reader did not ask for (a read earning points after an article loads): the same
 * hosts, token and token refresh as `api`, but it never shows a toast or sends the reader to login — a
 * background call must not interrupt reading when the login has expired.
 */
import { $session, setToken } from '../stores/session.ts';
import { readApiHosts } from './api.ts';
import { createApiClient, type ApiClient } from './apiClient.ts';
import { getBrowserDeviceId } from './deviceId.ts';

export function createQuietApi(): ApiClient {
  return createApiClient({
    hosts: readApiHosts(),
    session: {
      getToken: () => $session.get().token || null,
      setToken,
      getDeviceId: () => $session.get().deviceId || getBrowserDeviceId(),
    },
    ui: { toast: () => {}, isInApp: () => false, appLoginPrompt: () => {}, goLogin: () => {} },
  });
}
