/**
 * Addresses inside our own or a private network: no feed the server fetches may live there (docs/security.md
 * W2), and no link an editor publishes may point there (docs/security.md P13, P15, P18).
 */
import { BlockList, isIP } from 'node:net';

/** The internal ranges: loopback, private, link-local, unique local, unspecified, carrier NAT. */
const INTERNAL = new BlockList();
INTERNAL.addSubnet('0.0.0.0', 8, 'ipv4');
INTERNAL.addSubnet('10.0.0.0', 8, 'ipv4');
INTERNAL.addSubnet('100.64.0.0', 10, 'ipv4');
INTERNAL.addSubnet('127.0.0.0', 8, 'ipv4');
INTERNAL.addSubnet('169.254.0.0', 16, 'ipv4');
INTERNAL.addSubnet('172.16.0.0', 12, 'ipv4');
INTERNAL.addSubnet('192.168.0.0', 16, 'ipv4');
INTERNAL.addSubnet('224.0.0.0', 3, 'ipv4');
INTERNAL.addAddress('::', 'ipv6');
INTERNAL.addAddress('::1', 'ipv6');
INTERNAL.addSubnet('fc00::', 7, 'ipv6');
INTERNAL.addSubnet('fe80::', 10, 'ipv6');
INTERNAL.addSubnet('ff00::', 8, 'ipv6');

/** Is `ip` (v4, v6, or v4 mapped into v6) an internal address? Anything unparsable counts as internal. */
export function isInternalAddress(ip: string): boolean {
  const bare = ip.replace(/^\[|\]$/g, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(bare);
  if (mapped) return INTERNAL.check(mapped[1]!, 'ipv4');
  const v = isIP(bare);
  if (v === 4) return INTERNAL.check(bare, 'ipv4');
  if (v === 6) {
    // ::ffff:7f00:1 and friends: the v4 address written in hex.
    const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(bare);
    if (hexMapped) {
      const hi = parseInt(hexMapped[1]!, 16);
      const lo = parseInt(hexMapped[2]!, 16);
      return INTERNAL.check(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`, 'ipv4');
    }
    return INTERNAL.check(bare, 'ipv6');
  }
  return true;
}

/**
 * Does a link that readers' phones open lead into a private network (a router's page, an intranet service)? A
 * literal internal address or a local name does; a public name is not looked up (the phone resolves it, not us).
 */
export function isInternalLink(href: string): boolean {
  const host = new URL(href).hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || /\.(localhost|local|internal|lan|home\.arpa)$/.test(host)) return true;
  const bare = host.replace(/^\[|\]$/g, '');
  if (/^[\d.]+$/.test(bare) || bare.includes(':')) return isInternalAddress(bare);
  return false;
}
