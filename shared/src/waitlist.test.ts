import { describe, expect, it } from 'vitest';
import { entryStatusText, offerExpiry } from './waitlist.ts';

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

describe('when an offer ends', () => {
  const now = new Date('2031-03-14T10:00:00Z');
  const minutes = (m: number) => new Date(now.getTime() + m * 60_000);
  it('lasts the setting, however short the setting is', () => {
    expect(offerExpiry(now, minutes(600), 15)).toEqual(minutes(15));
    expect(offerExpiry(now, minutes(600), 1)).toEqual(minutes(1));
    expect(offerExpiry(now, minutes(600), 4)).toEqual(minutes(4));
  });
  it('ends 30 minutes before the show, and is not made when that leaves under 5 minutes', () => {
    expect(offerExpiry(now, minutes(40), 15)).toEqual(minutes(10));
    expect(offerExpiry(now, minutes(35), 15)).toEqual(minutes(5));
    expect(offerExpiry(now, minutes(34), 15)).toBeNull();
    expect(offerExpiry(now, minutes(33), 3)).toEqual(minutes(3));
    expect(offerExpiry(now, minutes(32), 3)).toBeNull();
  });
});
