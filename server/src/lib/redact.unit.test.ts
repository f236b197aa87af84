import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { redactSecrets, replaceSecrets } from './redact.ts';

describe('redactSecrets', () => {
  it('hides tokens in query strings, reset paths and generated-looking runs', () => {
    expect(redactSecrets('/reset-password?token=AbC123xyz&x=1')).toBe('/reset-password?token=[redacted]&x=1');
    expect(redactSecrets('/api/auth/reset-password/short?callbackURL=%2F')).toBe(
      '/api/auth/reset-password/[redacted]?callbackURL=%2F',
    );
    expect(redactSecrets('/cb?code=abc&state=def&ok=yes')).toBe(
      '/cb?code=[redacted]&state=[redacted]&ok=yes',
    );
    expect(redactSecrets('/x?callbackURL=%2Fy%3Ftoken%3Dsecret1')).toBe(
      '/x?callbackURL=%2Fy%3Ftoken%3D[redacted]',
    );
    expect(redactSecrets('/tickets/s3cr3tTokenValue0123456789')).toBe('/tickets/[redacted]');
    // A share link opens a ticket on its own, whatever its characters happen to be.
    expect(redactSecrets('/api/share/S1~abcdef~aaaaaaaaaaaaaaaaaaaaaa~0~bbbbbbbbbbbbbbbbbbbbbb')).toBe(
      '/api/share/[redacted]',
    );
    expect(redactSecrets('https://cinema.test/share/S1~x~y~0~z')).toBe(
      'https://cinema.test/share/[redacted]',
    );
    expect(redactSecrets('Invalid token: Zk3mP9qLx2Vb7Nw4Rt8Yc1Hd')).toBe('Invalid token: [redacted]');
  });

  it('keeps what is not secret: ids, slugs, words', () => {
    for (const kept of [
      '/api/bookings/0b7f7e9c-2c1e-4c43-9a55-6f1d7f2b8a10/ticket',
      '/book/the-grand-budapest-hotel-2014',
      '/api/admin/bookings?q=ASHA&page=2',
      '/api/movies?genre=Science-Fiction',
    ])
      expect(redactSecrets(kept)).toBe(kept);
  });

  it('answers as the full replacement does when it skips it (the shortcut for plain addresses)', () => {
    // Addresses built from the characters and words the patterns look for, so that many of them
    // hold a secret and many do not.
    const piece = fc.constantFrom(
      ...'/ ? & ; = %3D %3F %26 - _ a Z 7 token code share reset-password verify-email'.split(' '),
      'x'.repeat(20),
      'aB3'.repeat(7),
      '0b7f7e9c-2c1e-4c43-9a55',
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = pieces.join('');
        expect(redactSecrets(text)).toBe(replaceSecrets(text));
      }),
      { numRuns: 2000 },
    );
  });
});
