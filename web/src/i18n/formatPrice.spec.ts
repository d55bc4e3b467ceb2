import { describe, expect, it } from '@jest/globals';
import { formatPrice } from './formatPrice';

describe('prices', () => {
  it('are written the way each language writes money', () => {
    // Intl separates number and symbol with a no-break space.
    const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, ' ');
    expect(formatPrice(4900, 'usd', 'en')).toBe('$49');
    expect(plain(formatPrice(4900, 'usd', 'fr'))).toBe('49 $US');
    expect(plain(formatPrice(4900, 'usd', 'es'))).toBe('49 US$');
    expect(formatPrice(4950, 'usd', 'en')).toBe('$49.50');
    expect(plain(formatPrice(4950, 'usd', 'fr'))).toBe('49,50 $US');
    expect(formatPrice(0, 'USD', 'en')).toBe('$0');
  });
});
