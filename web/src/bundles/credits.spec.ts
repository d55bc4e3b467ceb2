import { describe, expect, it } from '@jest/globals';
import { usableCredits } from './credits';
import type { BundlePurchase, Credit } from './graphql';

function credit(id: string, plan: Credit['plan'], status: Credit['status'], expiresAt: string): Credit {
  return { id, plan, status, expiresAt, redeemedAt: null, eventCode: null };
}

describe('usableCredits', () => {
  it('offers the unused credits of the plan, the soonest to lapse first', () => {
    const purchases = [
      {
        credits: [
          credit('a', 'STANDARD', 'UNUSED', '2027-12-01'),
          credit('b', 'STANDARD', 'REDEEMED', '2027-01-01'),
        ],
      },
      {
        credits: [
          credit('c', 'STANDARD', 'UNUSED', '2027-06-01'),
          credit('d', 'PREMIUM', 'UNUSED', '2027-01-01'),
        ],
      },
      {
        credits: [
          credit('e', 'STANDARD', 'EXPIRED', '2026-01-01'),
          credit('f', 'STANDARD', 'REFUNDED', '2027-01-01'),
        ],
      },
    ] as BundlePurchase[];
    expect(usableCredits(purchases, 'standard').map((c) => c.id)).toEqual(['c', 'a']);
    expect(usableCredits(purchases, 'premium').map((c) => c.id)).toEqual(['d']);
  });
});
