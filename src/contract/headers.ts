/** HTTP header names and constants both the API server and the client rely on (spec 7, 9). */
export const APP_VERSION = '7.1.0';
/** A refreshed bearer token travels back in this response header; the client stores it (spec 4). */
export const HEADER_REFRESHED_TOKEN = 'x-access-token';
export const HEADER_DEVICE_ID = 'x-device-id';
/** Derived from the device id and app version by the client; not a secret and grants nothing. */
export const HEADER_APP_KEY = 'x-app-key';
export const HEADER_APP_VERSION = 'x-app-version';
export const HEADER_REQUEST_ID = 'x-request-id';
export const HEADER_IDEMPOTENCY_KEY = 'idempotency-key';
/** Name of the device id cookie: kept 365 days on the parent domain (spec 9). */
export const DEVICE_ID_COOKIE = 'deviceId';
