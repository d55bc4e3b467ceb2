import { lookup as lookupCallback, type LookupAddress, type LookupOptions } from 'node:dns';
import { lookup } from 'node:dns/promises';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { BACKUP_LIMITS } from '@gallery/contracts';
import { AppError } from '@gallery/platform';

/** Addresses no couple's drive has on the internet: this machine, private networks, link-local, multicast. */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['224.0.0.0', 3],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(network, prefix, 'ipv6');
}

function isPrivate(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  return PRIVATE.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
}

/**
 * The WebDAV folder address the couple typed, checked: http(s) only, no credentials or fragment in it, at most
 * BACKUP_LIMITS.urlChars, and (unless `allowPrivate`) a host whose every address is public, so the service
 * never becomes a way to call the cluster's own machines. Ends in `/`.
 */
export async function checkedFolderAddress(input: string, allowPrivate: boolean): Promise<string> {
  const trimmed = input.trim();
  if (trimmed.length === 0 || trimmed.length > BACKUP_LIMITS.urlChars)
    throw new AppError('BACKUP_URL_INVALID');
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    throw new AppError('BACKUP_URL_INVALID');
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password || !url.hostname) {
    throw new AppError('BACKUP_URL_INVALID');
  }
  url.hash = '';
  url.search = '';
  if (!url.pathname.endsWith('/')) url.pathname = `${url.pathname}/`;
  if (!allowPrivate) {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const addresses = isIP(host)
      ? [host]
      : await lookup(host, { all: true }).then(
          (found) => found.map((entry) => entry.address),
          () => {
            throw new AppError('BACKUP_DESTINATION_UNREACHABLE');
          },
        );
    if (addresses.length === 0 || addresses.some(isPrivate)) throw new AppError('BACKUP_DESTINATION_PRIVATE');
  }
  return url.toString();
}

/**
 * The name lookup of every connection to a couple's drive in production: a name that resolves to a private
 * address now is refused, whatever it resolved to when the couple connected it (a name whose DNS answer
 * changed afterwards cannot turn the backup into a way to call the cluster's own machines).
 */
export const publicAddressesOnly: LookupFunction = (hostname, options, callback) => {
  lookupCallback(hostname, { ...(options as LookupOptions), all: true }, (error, found) => {
    if (error) return callback(error, '', 4);
    const addresses = found as LookupAddress[];
    const refused = addresses.find((entry) => isPrivate(entry.address));
    if (addresses.length === 0 || refused) {
      const refusal = Object.assign(
        new Error(`${hostname} resolves to a private address (${refused?.address ?? 'none'})`),
        { code: 'EPRIVATEADDRESS' },
      );
      return callback(refusal, '', 4);
    }
    if ((options as LookupOptions).all) return callback(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
};
