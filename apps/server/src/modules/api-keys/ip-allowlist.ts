import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** IPv4 in IPv6 (::ffff:1.2.3.4), as a dual-stack socket reports an IPv4 client. */
const MAPPED_V4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/** Whether `ip` is one of the allow-list's addresses or in one of its ranges; an empty list allows any address. */
export function ipAllowed(allowlist: readonly string[], ip: string): boolean {
  if (allowlist.length === 0) return true;
  const list = new BlockList();
  for (const entry of allowlist) {
    const [address = '', bits] = entry.split('/');
    const type = isIPv4(address) ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  const plain = MAPPED_V4.exec(ip)?.[1] ?? ip;
  if (isIPv4(plain)) return list.check(plain, 'ipv4');
  return isIPv6(plain) && list.check(plain, 'ipv6');
}
