import { describe, expect, it } from '@jest/globals';
import { en } from '../i18n/en';
import { downloadFraction, downloadText, IDLE } from './downloadAll';

describe('Download All progress', () => {
  it('counts the whole gallery while adding, not the photos added so far', () => {
    expect(downloadText({ stage: 'adding', count: 3, total: 6 })).toEqual(['download.adding', { count: 6 }]);
    expect(downloadText({ stage: 'adding', count: 0, total: 6 })).toEqual(['download.adding', { count: 6 }]);
  });

  it("shows the spec's texts for each stage", () => {
    expect(downloadText(IDLE)).toBeNull();
    expect(downloadText({ stage: 'adding', count: 12, total: 20 })).toEqual([
      'download.adding',
      { count: 20 },
    ]);
    expect(en.download.adding).toBe('Adding {{count}} photos to the zip…');
    expect(en.download.failed).toBe('Download failed: Could not download photos. Please try again.');
    expect(downloadText({ stage: 'empty', count: 0, total: 0 })).toEqual(['download.noPhotos', {}]);
    expect(en.download.noPhotos).toBe('No photos found');
  });

  it('moves the bar forward through the stages and with the photos added', () => {
    const stages = [
      { stage: 'downloading', count: 0, total: 0 },
      { stage: 'adding', count: 0, total: 20 },
      { stage: 'adding', count: 10, total: 20 },
      { stage: 'adding', count: 20, total: 20 },
      { stage: 'creating', count: 20, total: 20 },
      { stage: 'finalizing', count: 20, total: 20 },
      { stage: 'complete', count: 20, total: 20 },
    ] as const;
    const fractions = stages.map((state) => downloadFraction(state));
    expect([...fractions].sort((a, b) => a - b)).toEqual(fractions);
    expect(fractions.at(-1)).toBe(1);
  });
});
