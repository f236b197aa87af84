import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The code a ticket's QR encodes (CONTRACT §6): `M1.<key id>.<booking>.<signature>`, and after an
 * exchange (§13) `M2.<key id>.<booking>.<ticket version>.<signature>`, so the door can tell the
 * current code from those issued before (an M1 code is version 1).
 *
 * The booking part is the booking's random UUID as 22 base64url characters, so the code holds
 * no personal data; the signature is a truncated HMAC-SHA256 over everything before it, made
 * with a key derived from the server's secret. The key id names the key, so a rotated secret
 * issues codes under a new id while the verifier can still tell which key a code claims. Any
 * change to any character makes the code invalid.
 */
const VERSION = 'M1';
const VERSIONED = 'M2';
const SIGNATURE_BYTES = 16;

export interface TicketKey {
  id: string;
  key: Buffer;
}

/** A ticket key derived from a server secret: its id is a digest of the key, never the key. */
export function ticketKeyFromSecret(secret: string): TicketKey {
  const key = createHmac('sha256', secret).update('marquee ticket code v1').digest();
  const id = createHash('sha256').update(key).digest('base64url').slice(0, 6);
  return { id, key };
}

export class TicketCodes {
  private readonly byId: Map<string, Buffer>;
  /** The share links' tokens, under the same keys (and rotation). */
  readonly shares: ShareTokens;

  /** Signs with the first key; accepts codes signed by any of them (rotation). */
  constructor(private readonly keys: readonly [TicketKey, ...TicketKey[]]) {
    this.byId = new Map(keys.map((k) => [k.id, k.key]));
    this.shares = new ShareTokens(keys);
  }

  /** The code of a booking's ticket; `ticketVersion` is the booking's (1 until it is exchanged). */
  issue(bookingId: string, ticketVersion = 1): string {
    const [current] = this.keys;
    const body =
      ticketVersion === 1
        ? `${VERSION}.${current.id}.${uuidToBase64url(bookingId)}`
        : `${VERSIONED}.${current.id}.${uuidToBase64url(bookingId)}.${ticketVersion}`;
    return `${body}.${sign(current.key, body)}`;
  }

  /** The booking a code names, or null for anything altered, unknown or malformed. */
  verify(code: string): string | null {
    return this.read(code)?.bookingId ?? null;
  }

  /** The booking a code names and the ticket version it was issued for; null as for verify. */
  read(code: string): { bookingId: string; ticketVersion: number } | null {
    if (typeof code !== 'string' || code.length > 200) return null;
    const parts = code.trim().split('.');
    const versioned = parts.length === 5 && parts[0] === VERSIONED;
    if (!versioned && (parts.length !== 4 || parts[0] !== VERSION)) return null;
    const [, keyId, booking] = parts as [string, string, string];
    const ticketVersion = versioned ? parts[3]! : '1';
    const signature = parts[parts.length - 1]!;
    const key = this.byId.get(keyId);
    if (!key || !/^[A-Za-z0-9_-]{22}$/.test(booking)) return null;
    // Written as issue writes it (no leading zeros, at least 2): one spelling per code.
    if (versioned && !/^[1-9][0-9]{0,8}$/.test(ticketVersion)) return null;
    if (versioned && ticketVersion === '1') return null;
    const expected = Buffer.from(sign(key, parts.slice(0, -1).join('.')));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const bookingId = base64urlToUuid(booking);
    return bookingId ? { bookingId, ticketVersion: Number(ticketVersion) } : null;
  }
}

/**
 * A share link's token (CONTRACT §6): `S1~<key id>~<booking>~<version>~<signature>`, signed like
 * a ticket code but with a key of its own (derived from the ticket key for this use alone), so a
 * share token is never a door code and a door code never opens a shared ticket. `version` is the
 * booking's share_version when the link was made: the buyer revoking bumps it, and every older
 * token then names a version that no longer is. `~` parts it (no dots): the token ends the page's
 * address, and an address ending in `.<letters>` reads as a file to the server (static-files.ts).
 */
const SHARE_VERSION = 'S1';

export class ShareTokens {
  private readonly byId: Map<string, Buffer>;
  private readonly current: TicketKey;

  constructor(keys: readonly [TicketKey, ...TicketKey[]]) {
    const derived = keys.map((k) => ({ id: k.id, key: shareKey(k.key) }));
    this.current = derived[0]!;
    this.byId = new Map(derived.map((k) => [k.id, k.key]));
  }

  issue(bookingId: string, version: number): string {
    const body = [SHARE_VERSION, this.current.id, uuidToBase64url(bookingId), version.toString(36)].join('~');
    return `${body}~${sign(this.current.key, body)}`;
  }

  /** The booking and share version a token names, or null for anything altered or malformed. */
  verify(token: string): { bookingId: string; version: number } | null {
    if (typeof token !== 'string' || token.length > 200) return null;
    const parts = token.split('~');
    if (parts.length !== 5 || parts[0] !== SHARE_VERSION) return null;
    const [, keyId, booking, version, signature] = parts as [string, string, string, string, string];
    const key = this.byId.get(keyId);
    if (!key || !/^[A-Za-z0-9_-]{22}$/.test(booking) || !/^[0-9a-z]{1,7}$/.test(version)) return null;
    const expected = Buffer.from(sign(key, [SHARE_VERSION, keyId, booking, version].join('~')));
    const given = Buffer.from(signature);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
    const bookingId = base64urlToUuid(booking);
    return bookingId ? { bookingId, version: parseInt(version, 36) } : null;
  }
}

function shareKey(ticketKey: Buffer): Buffer {
  return createHmac('sha256', ticketKey).update('marquee share link v1').digest();
}

function sign(key: Buffer, body: string): string {
  return createHmac('sha256', key).update(body).digest().subarray(0, SIGNATURE_BYTES).toString('base64url');
}

function uuidToBase64url(uuid: string): string {
  return Buffer.from(uuid.replace(/-/g, ''), 'hex').toString('base64url');
}

function base64urlToUuid(text: string): string | null {
  const bytes = Buffer.from(text, 'base64url');
  // base64url decoding is lenient; a canonical encoding is the only one accepted.
  if (bytes.length !== 16 || bytes.toString('base64url') !== text) return null;
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
