import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TicketCodes, ticketKeyFromSecret } from './ticket-code.ts';

const codes = new TicketCodes([ticketKeyFromSecret('a-test-secret-of-enough-length-1234')]);

describe('ticket codes', () => {
  it('names the booking it was issued for, and nothing personal', () => {
    const id = randomUUID();
    const code = codes.issue(id);
    expect(codes.verify(code)).toBe(id);
    expect(code).toMatch(/^M1\.[\w-]{6}\.[\w-]{22}\.[\w-]{22}$/);
    expect(code).not.toContain(id);
  });

  it('refuses any change to any character', () => {
    const code = codes.issue(randomUUID());
    for (let i = 0; i < code.length; i++) {
      for (const replacement of ['A', 'z', '0', '-', '.']) {
        if (code[i] === replacement) continue;
        const altered = code.slice(0, i) + replacement + code.slice(i + 1);
        expect(codes.verify(altered), altered).toBeNull();
      }
    }
    expect(codes.verify(code + 'A')).toBeNull();
    expect(codes.verify(code.slice(0, -1))).toBeNull();
  });

  it('refuses codes signed with another key, and keeps accepting a rotated-out key', () => {
    const old = ticketKeyFromSecret('the-old-secret-of-enough-length-1234');
    const fresh = ticketKeyFromSecret('the-new-secret-of-enough-length-1234');
    const id = randomUUID();
    const oldCode = new TicketCodes([old]).issue(id);
    expect(new TicketCodes([fresh]).verify(oldCode)).toBeNull();
    expect(new TicketCodes([fresh, old]).verify(oldCode)).toBe(id);
    expect(codes.verify(`M1.${fresh.id}.${oldCode.split('.')[2]}.${oldCode.split('.')[3]}`)).toBeNull();
  });

  it('refuses rubbish', () => {
    for (const text of ['', 'M1', 'M1...', 'hello', 'M1.a.b.c', '🎟️'.repeat(300)]) {
      expect(codes.verify(text)).toBeNull();
    }
  });
});

describe('share tokens', () => {
  it('name the booking and the share version, and are not door codes', () => {
    const id = randomUUID();
    const token = codes.shares.issue(id, 3);
    expect(codes.shares.verify(token)).toEqual({ bookingId: id, version: 3 });
    expect(token).not.toContain(id);
    // A share token is no ticket at the door, and a ticket code opens no shared ticket.
    expect(codes.verify(token)).toBeNull();
    expect(codes.shares.verify(codes.issue(id))).toBeNull();
  });

  it('refuse any change to any character, and another secret’s tokens', () => {
    const token = codes.shares.issue(randomUUID(), 0);
    for (let i = 0; i < token.length; i++) {
      for (const replacement of ['A', 'z', '1', '-', '~']) {
        if (token[i] === replacement) continue;
        expect(codes.shares.verify(token.slice(0, i) + replacement + token.slice(i + 1))).toBeNull();
      }
    }
    const other = new TicketCodes([ticketKeyFromSecret('another-secret-of-enough-length-5678')]);
    expect(other.shares.verify(token)).toBeNull();
    expect(codes.shares.verify('S1~abc')).toBeNull();
  });
});
