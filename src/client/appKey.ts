/**
 * The derived app key header (spec 7: "a derived app key header"). It is a deterministic
 * fingerprint of the device id and app version, not a secret: it grants nothing on the server.
 */

const FNV64_OFFSET = 0xcbf29ce484222325n;
const FNV64_PRIME = 0x100000001b3n;
const MASK64 = 0xffffffffffffffffn;

/** FNV-1a 64-bit over the UTF-8 bytes of `text`, as 16 lowercase hex characters. */
export function fnv1a64(text: string): string {
  let hash = FNV64_OFFSET;
  for (const byte of new TextEncoder().encode(text)) {
    hash ^= BigInt(byte);
    hash = (hash * FNV64_PRIME) & MASK64;
  }
  return hash.toString(16).padStart(16, '0');
}

/** The last key derived: a runtime asks for one device and one version on every call (BigInt FNV is not free). */
let last = { input: '', key: '' };

/** The `x-app-key` value for a device and app version: FNV-1a 64 of `${deviceId}:${version}`. */
export function deriveAppKey(deviceId: string, version: string): string {
  const input = `${deviceId}:${version}`;
  if (input !== last.input) last = { input, key: fnv1a64(input) };
  return last.key;
}
