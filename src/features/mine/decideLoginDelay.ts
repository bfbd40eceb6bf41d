/** Spec 9: the mine popup allows its login button after 1000 ms with an auth code in the address, 1800 ms otherwise. */
export const LOGIN_DELAY_WITH_CODE_MS = 1000;
export const LOGIN_DELAY_MS = 1800;

export function decideLoginDelay(search: string): number {
  return new URLSearchParams(search).has('code') ? LOGIN_DELAY_WITH_CODE_MS : LOGIN_DELAY_MS;
}

/** Spec 4: after logout, an address with an auth code loses the code parameter instead of reloading. */
export function addressWithoutCode(pathname: string, search: string, hash: string): string | null {
  const params = new URLSearchParams(search);
  if (!params.has('code')) return null;
  params.delete('code');
  params.delete('state');
  const qs = params.toString();
  return `${pathname}${qs ? `?${qs}` : ''}${hash}`;
}
