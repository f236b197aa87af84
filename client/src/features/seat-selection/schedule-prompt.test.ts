import { describe, expect, it } from 'vitest';
import { schedulePrompt } from './schedule-prompt.ts';

describe('schedulePrompt', () => {
  it('asks for a date first', () => {
    expect(schedulePrompt(null, null)).toBe('Please select a date to see available show times');
  });

  it('asks for a show time once a date is chosen', () => {
    expect(schedulePrompt('2026-11-24', null)).toBe('Please select a show time to continue');
  });

  it('says nothing once a show is chosen', () => {
    expect(schedulePrompt('2026-11-24', 'show-1')).toBeNull();
  });
});
