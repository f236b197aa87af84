import { describe, expect, it } from 'vitest';
import { entryStatusText } from './waitlist.ts';

describe('a waiting-list entry in words', () => {
  it('names the place in the queue while waiting', () => {
    expect(entryStatusText({ status: 'waiting', position: 1, quantity: 2 })).toBe(
      'You are next on the waiting list for 2 seats.',
    );
    expect(entryStatusText({ status: 'waiting', position: 3, quantity: 1 })).toBe(
      'You are number 3 on the waiting list for 1 seat.',
    );
  });
  it('says an offer is held, and what happened after', () => {
    expect(entryStatusText({ status: 'offered', position: null, quantity: 2 })).toMatch(/held for you/);
    expect(entryStatusText({ status: 'closed', position: null, quantity: 2 })).toBe(
      'This waiting list has closed.',
    );
  });
});
