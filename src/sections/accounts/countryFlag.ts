/**
 * Spec 5: "The phone input shows a fixed prefix 中国+86 when the country flag is set." The country flag is set
 * on the forms where a text message goes to the number (code login, register, find password, bind phone):
 * there the prefix tells which numbers can get one. The entry and password login take the account's number
 * as a user name and show no prefix.
 */
export type CountryFlagMode = 'entry' | 'code-login' | 'password-login' | 'register' | 'find' | 'change-check' | 'new-password' | 'bind';

export function countryFlag(mode: CountryFlagMode): boolean {
  return mode === 'code-login' || mode === 'register' || mode === 'find' || mode === 'bind';
}
