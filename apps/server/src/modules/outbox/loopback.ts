import { BlockList } from 'node:net';

const loopback = new BlockList();
loopback.addSubnet('127.0.0.0', 8, 'ipv4');
loopback.addAddress('::1', 'ipv6');

/** True for a peer on the loopback interface, IPv4-mapped IPv6 (::ffff:127.0.0.1) included. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  try {
    return loopback.check(address, address.includes(':') ? 'ipv6' : 'ipv4');
  } catch {
    return false;
  }
}
