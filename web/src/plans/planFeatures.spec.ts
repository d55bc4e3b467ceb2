import { describe, expect, it } from '@jest/globals';
import { planFeatures, planPrice } from './planFeatures';

describe('plan features', () => {
  it('describes each plan from PLANS', () => {
    expect(planFeatures('free')).toEqual([
      { key: 'plans.photosUpTo', values: { count: 50 } },
      { key: 'plans.storageDays', values: { count: 7 } },
    ]);
    expect(planFeatures('standard').map((line) => line.key)).toEqual([
      'plans.photosUnlimited',
      'plans.storageDays',
      'plans.emailSupport',
    ]);
    expect(planFeatures('premium').slice(0, 2)).toEqual([
      { key: 'plans.photosAndVideosUnlimited' },
      { key: 'plans.storageYears', values: { count: 1 } },
    ]);
  });

  it('prices the plans', () => {
    expect([planPrice('free'), planPrice('standard'), planPrice('premium')]).toEqual([
      { price: 0 },
      { price: 49 },
      { price: 99 },
    ]);
  });
});
