import { describe, expect, it } from '@jest/globals';
import { customHostProblem, normalizeCustomHost } from './custom-domains.js';

const PRODUCT = 'gallery.example.org';
const problem = (input: string) => customHostProblem(normalizeCustomHost(input), PRODUCT);

describe('a couple’s host name', () => {
  it('takes what couples paste: a URL, capitals, a trailing dot, an international name', () => {
    expect(normalizeCustomHost(' https://Photos.Anna-and-Ben.com/gallery?x=1 ')).toBe(
      'photos.anna-and-ben.com',
    );
    expect(normalizeCustomHost('photos.anna-and-ben.com.')).toBe('photos.anna-and-ben.com');
    expect(normalizeCustomHost('fotos.josé-y-ana.es')).toBe('fotos.xn--jos-y-ana-d4a.es');
    expect(problem('photos.anna-and-ben.com')).toBeNull();
    expect(problem('fotos.josé-y-ana.es')).toBeNull();
  });

  it('refuses IP addresses, wildcards, local names, the product’s own host and broken labels', () => {
    expect(problem('203.0.113.7')).toBe('DOMAIN_IP_ADDRESS');
    expect(problem('0x7f.1')).toBe('DOMAIN_IP_ADDRESS');
    expect(problem('[::1]')).toBe('DOMAIN_IP_ADDRESS');
    expect(problem('*.anna-and-ben.com')).toBe('DOMAIN_WILDCARD');
    expect(problem(PRODUCT)).toBe('DOMAIN_PRODUCT_HOST');
    expect(problem(`anna.${PRODUCT}`)).toBe('DOMAIN_PRODUCT_HOST');
    for (const bad of [
      'localhost',
      'photos.localhost',
      'nas.local',
      'photos',
      '-a.com',
      'a-.com',
      'a..com',
      'a_b.com',
    ]) {
      expect([bad, problem(bad)]).toEqual([bad, 'DOMAIN_INVALID']);
    }
    expect(problem(`${'a'.repeat(63)}.com`)).toBeNull();
    expect(problem(`${'a'.repeat(64)}.com`)).toBe('DOMAIN_INVALID');
    expect(problem(`${'abcdefghi.'.repeat(25)}com`)).toBeNull();
    expect(problem(`${'abcdefghi.'.repeat(26)}com`)).toBe('DOMAIN_INVALID');
  });
});
