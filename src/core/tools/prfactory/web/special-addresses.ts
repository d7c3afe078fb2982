/**
 * The address ranges no web tool may reach: every entry of IANA's IPv4 and IPv6 Special-Purpose Address
 * Registries, by the registry's name, plus the multicast and deprecated ranges of the address space
 * registries and the cloud metadata addresses. `reason` is what a refusal says; `embeds` names where an
 * IPv6 range carries an IPv4 address, which the refusal names with its own reason.
 * The longest matching prefix decides, so a narrower entry (a metadata address, Teredo) speaks for its range.
 */

export type Embedding = 'last32' | '6to4' | 'teredo';

export interface SpecialRange {
  range: string;
  /** The range's name in the registry it comes from. */
  name: string;
  reason: string;
  embeds?: Embedding;
}

export const SPECIAL_IPV4: readonly SpecialRange[] = [
  { range: '0.0.0.0/8', name: '"This network"', reason: 'unspecified address' },
  { range: '0.0.0.0/32', name: '"This host on this network"', reason: 'unspecified address' },
  { range: '10.0.0.0/8', name: 'Private-Use', reason: 'private network address' },
  { range: '100.64.0.0/10', name: 'Shared Address Space', reason: 'carrier-grade NAT address' },
  { range: '127.0.0.0/8', name: 'Loopback', reason: 'loopback address' },
  { range: '169.254.0.0/16', name: 'Link Local', reason: 'link-local address' },
  { range: '169.254.169.254/32', name: 'Cloud instance metadata', reason: 'cloud metadata service' },
  { range: '172.16.0.0/12', name: 'Private-Use', reason: 'private network address' },
  { range: '192.0.0.0/24', name: 'IETF Protocol Assignments', reason: 'IETF protocol address' },
  { range: '192.0.0.0/29', name: 'IPv4 Service Continuity Prefix', reason: 'IETF protocol address' },
  { range: '192.0.0.8/32', name: 'IPv4 dummy address', reason: 'IETF protocol address' },
  { range: '192.0.0.9/32', name: 'Port Control Protocol Anycast', reason: 'IETF protocol address' },
  { range: '192.0.0.10/32', name: 'Traversal Using Relays around NAT Anycast', reason: 'IETF protocol address' },
  { range: '192.0.0.170/31', name: 'NAT64/DNS64 Discovery', reason: 'IETF protocol address' },
  { range: '192.0.2.0/24', name: 'Documentation (TEST-NET-1)', reason: 'documentation address' },
  { range: '192.31.196.0/24', name: 'AS112-v4', reason: 'AS112 DNS sink address' },
  { range: '192.52.193.0/24', name: 'AMT', reason: 'multicast tunnelling relay address' },
  { range: '192.88.99.0/24', name: 'Deprecated (6to4 Relay Anycast)', reason: '6to4 relay anycast address' },
  { range: '192.168.0.0/16', name: 'Private-Use', reason: 'private network address' },
  { range: '192.175.48.0/24', name: 'Direct Delegation AS112 Service', reason: 'AS112 DNS sink address' },
  { range: '198.18.0.0/15', name: 'Benchmarking', reason: 'benchmarking network address' },
  { range: '198.51.100.0/24', name: 'Documentation (TEST-NET-2)', reason: 'documentation address' },
  { range: '203.0.113.0/24', name: 'Documentation (TEST-NET-3)', reason: 'documentation address' },
  { range: '224.0.0.0/4', name: 'Multicast (IPv4 Multicast Address Space Registry)', reason: 'multicast address' },
  { range: '240.0.0.0/4', name: 'Reserved', reason: 'reserved address' },
  { range: '255.255.255.255/32', name: 'Limited Broadcast', reason: 'broadcast address' },
];

export const SPECIAL_IPV6: readonly SpecialRange[] = [
  { range: '::/128', name: 'Unspecified Address', reason: 'unspecified address' },
  { range: '::1/128', name: 'Loopback Address', reason: 'loopback address' },
  {
    range: '::/96',
    name: 'IPv4-Compatible IPv6 Address (deprecated)',
    reason: 'IPv4-compatible address',
    embeds: 'last32',
  },
  { range: '::ffff:0:0/96', name: 'IPv4-mapped Address', reason: 'IPv4-mapped address', embeds: 'last32' },
  {
    range: '::ffff:0:0:0/96',
    name: 'IPv4-translated Address (SIIT)',
    reason: 'IPv4-translated address',
    embeds: 'last32',
  },
  { range: '64:ff9b::/96', name: 'IPv4-IPv6 Translat.', reason: 'NAT64 address', embeds: 'last32' },
  {
    range: '64:ff9b:1::/48',
    name: 'IPv4-IPv6 Translat. (local use)',
    reason: 'local-use NAT64 address',
    embeds: 'last32',
  },
  { range: '100::/64', name: 'Discard-Only Address Block', reason: 'discard-only address' },
  { range: '100:0:0:1::/64', name: 'Dummy IPv6 Prefix', reason: 'dummy address' },
  { range: '2001::/23', name: 'IETF Protocol Assignments', reason: 'IETF protocol address' },
  { range: '2001::/32', name: 'TEREDO', reason: 'Teredo address', embeds: 'teredo' },
  { range: '2001:1::1/128', name: 'Port Control Protocol Anycast', reason: 'IETF protocol address' },
  { range: '2001:1::2/128', name: 'Traversal Using Relays around NAT Anycast', reason: 'IETF protocol address' },
  { range: '2001:1::3/128', name: 'DNS-SD Service Registration Protocol Anycast', reason: 'IETF protocol address' },
  { range: '2001:2::/48', name: 'Benchmarking', reason: 'benchmarking network address' },
  { range: '2001:3::/32', name: 'AMT', reason: 'multicast tunnelling relay address' },
  { range: '2001:4:112::/48', name: 'AS112-v6', reason: 'AS112 DNS sink address' },
  { range: '2001:10::/28', name: 'Deprecated (ORCHID)', reason: 'IETF protocol address' },
  { range: '2001:20::/28', name: 'ORCHIDv2', reason: 'IETF protocol address' },
  {
    range: '2001:30::/28',
    name: 'Drone Remote ID Protocol Entity Tags (DETs) Prefix',
    reason: 'IETF protocol address',
  },
  { range: '2001:db8::/32', name: 'Documentation', reason: 'documentation address' },
  { range: '2002::/16', name: '6to4', reason: '6to4 address', embeds: '6to4' },
  { range: '2620:4f:8000::/48', name: 'Direct Delegation AS112 Service', reason: 'AS112 DNS sink address' },
  { range: '3fff::/20', name: 'Documentation', reason: 'documentation address' },
  { range: '5f00::/16', name: 'Segment Routing (SRv6) SIDs', reason: 'segment routing address' },
  { range: 'fc00::/7', name: 'Unique-Local', reason: 'unique local (private) address' },
  { range: 'fd00:ec2::254/128', name: 'Cloud instance metadata', reason: 'cloud metadata service' },
  { range: 'fe80::/10', name: 'Link-Local Unicast', reason: 'link-local address' },
  {
    range: 'fec0::/10',
    name: 'Site-Local Unicast (deprecated, IPv6 Address Space Registry)',
    reason: 'site-local address (deprecated)',
  },
  { range: 'ff00::/8', name: 'Multicast (IPv6 Address Space Registry)', reason: 'multicast address' },
];
