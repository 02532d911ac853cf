import ipaddr from 'ipaddr.js';

// An IPv6 subscriber is given a whole /64 (RFC 6177 and every ISP's practice): each of its 2^64
// addresses is the same client, so fair use counts the prefix, not the address.
const IPV6_CLIENT_BITS = 64;

/**
 * The client fair use counts for an address (`request.ip`: the socket's, or the one a trusted
 * proxy names): one spelling for every way of writing it (`2001:0db8::1` and
 * `2001:db8:0:0:0:0:0:1`, `[2001:db8::1]`, `::ffff:10.0.0.1` and `10.0.0.1`), an IPv6 client by
 * its /64; `null` when the value is not an address (`junk`, or `010.0.0.1`, which some read as
 * octal and some as decimal).
 */
export const clientKey = (address: string): string | null => {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  // A zone (`fe80::1%eth0`) names the server's own interface, not another client.
  const unzoned = bare.replace(/%[\w.-]+$/, '');
  if (ipaddr.IPv4.isValidFourPartDecimal(unzoned)) return ipaddr.IPv4.parse(unzoned).toString();
  if (!ipaddr.IPv6.isValid(unzoned)) return null;
  // An IPv4 tail (`::ffff:10.0.0.1`) is held to the same decimal form as an IPv4 address.
  const tail = /:([^:]*\.[^:]*)$/.exec(unzoned)?.[1];
  if (tail !== undefined && !ipaddr.IPv4.isValidFourPartDecimal(tail)) return null;
  const parsed = ipaddr.IPv6.parse(unzoned);
  if (parsed.isIPv4MappedAddress()) return parsed.toIPv4Address().toString();
  const prefix = ipaddr.IPv6.networkAddressFromCIDR(`${parsed.toString()}/${IPV6_CLIENT_BITS}`);
  return `${prefix.toString()}/${IPV6_CLIENT_BITS}`;
};
