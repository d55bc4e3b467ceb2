import { describe, expect, it } from '@jest/globals';
import { SWIPE_MIN_PX, swipeOf } from './useViewerGestures';

describe('swipeOf', () => {
  it('moves to the next photo on a swipe to the left, the previous on one to the right', () => {
    expect(swipeOf(-120, 10)).toBe('next');
    expect(swipeOf(120, -10)).toBe('previous');
  });

  it('ignores a short drag and a mostly vertical one', () => {
    expect(swipeOf(-(SWIPE_MIN_PX - 1), 0)).toBeNull();
    expect(swipeOf(-80, 90)).toBeNull();
  });
});
