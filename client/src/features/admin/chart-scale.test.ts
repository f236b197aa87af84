import { describe, expect, it } from 'vitest';
import { changeText, niceMax, occupancyPercent } from './chart-scale.ts';

describe('chart helpers', () => {
  it('rounds an axis up to 1, 2 or 5 × a power of ten', () => {
    expect([0, 1, 3, 7, 10, 11, 180, 2400, 5001].map(niceMax)).toEqual([
      1, 1, 5, 10, 10, 20, 200, 5000, 10000,
    ]);
  });
  it('says a change against last week', () => {
    expect(changeText(12, 10)).toBe('+20%');
    expect(changeText(9, 10)).toBe('−10%');
    expect(changeText(5, 5)).toBe('no change');
    expect(changeText(3, 0)).toBe('up from nothing');
    expect(changeText(1001, 1000)).toBe('up slightly');
  });
  it('gives occupancy in whole percent', () => {
    expect(occupancyPercent(48, 96)).toBe(50);
    expect(occupancyPercent(0, 0)).toBe(0);
  });
});
