import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';
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
