import { describe, expect, it } from '@jest/globals';
import { waitFor } from './wait-for.js';

describe('waitFor', () => {
  it('gives the first truthy value the probe finds, after its misses', async () => {
    const answers = [undefined, null, false, 0, 7];
    await expect(waitFor('a count', async () => answers.shift())).resolves.toBe(7);
  });

  it('fails naming what it waited for once its time is up', async () => {
    await expect(waitFor('the photo', async () => undefined, 120)).rejects.toThrow(
      'timed out waiting for the photo',
    );
  });
});
