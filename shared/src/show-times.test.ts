import { describe, expect, it } from 'vitest';
import { runtimeMinutes } from './show-times.ts';

describe('runtimeMinutes', () => {
  it('reads the catalogue’s spellings', () => {
    expect(runtimeMinutes('148 min')).toBe(148);
    expect(runtimeMinutes('2h 28m')).toBe(148);
    expect(runtimeMinutes('169')).toBe(169);
  });

  it('takes the fallback for what is unreadable or longer than a day, never an absurd number', () => {
    expect(runtimeMinutes('N/A')).toBe(180);
    expect(runtimeMinutes('9999999999h')).toBe(180);
    expect(runtimeMinutes('24h')).toBe(180);
  });
});
