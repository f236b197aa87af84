import { describe, expect, it } from 'vitest';
import { describeCountdown, formatCountdown, timeLeftMs } from './countdown.ts';

describe('timeLeftMs', () => {
  const expiresAt = '2026-11-24T10:10:00.000Z';
  const at = (iso: string) => Date.parse(iso);

  it('counts down to the expiry instant', () => {
    expect(timeLeftMs(expiresAt, at('2026-11-24T10:00:00.000Z'))).toBe(600_000);
    expect(timeLeftMs(expiresAt, at('2026-11-24T10:09:59.500Z'))).toBe(500);
  });

  it('stops at zero once the instant has passed, and for an unreadable instant', () => {
    expect(timeLeftMs(expiresAt, at('2026-11-24T10:10:00.000Z'))).toBe(0);
    expect(timeLeftMs(expiresAt, at('2026-11-24T11:00:00.000Z'))).toBe(0);
    expect(timeLeftMs('not a date', 0)).toBe(0);
  });
});

describe('formatCountdown', () => {
  it('shows minutes and two-digit seconds', () => {
    expect(formatCountdown(600_000)).toBe('10:00');
    expect(formatCountdown(545_000)).toBe('9:05');
    expect(formatCountdown(59_000)).toBe('0:59');
  });

  it('rounds a part second up, so 0:00 means the time is really up', () => {
    expect(formatCountdown(1)).toBe('0:01');
    expect(formatCountdown(59_001)).toBe('1:00');
    expect(formatCountdown(0)).toBe('0:00');
    expect(formatCountdown(-5_000)).toBe('0:00');
  });

  it('adds hours when there are any', () => {
    expect(formatCountdown(3_723_000)).toBe('1:02:03');
  });
});

describe('describeCountdown', () => {
  it('speaks whole minutes, rounded up, above a minute', () => {
    expect(describeCountdown(600_000)).toBe('10 minutes');
    expect(describeCountdown(545_000)).toBe('10 minutes');
    expect(describeCountdown(60_000)).toBe('1 minute');
  });

  it('speaks seconds in the last minute, and says when time is up', () => {
    expect(describeCountdown(59_000)).toBe('59 seconds');
    expect(describeCountdown(1_000)).toBe('1 second');
    expect(describeCountdown(0)).toBe('Time is up');
  });
});
