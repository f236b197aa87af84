import { describe, expect, it } from 'vitest';
import { sessionToken } from './guards.ts';

describe('session token of a request', () => {
  it('reads a raw or signed bearer token', () => {
    expect(sessionToken({ authorization: 'Bearer abc123' })).toBe('abc123');
    expect(sessionToken({ authorization: 'Bearer abc123.c2lnbmF0dXJl' })).toBe('abc123');
  });

  it('reads the session cookie, secure-prefixed or not, among others', () => {
    expect(sessionToken({ cookie: 'theme=dark; better-auth.session_token=tok%2Ex.sig%3D; other=1' })).toBe(
      'tok',
    );
    expect(sessionToken({ cookie: '__Secure-better-auth.session_token=tok.sig' })).toBe('tok');
  });

  it('finds nothing in an absent, empty or foreign credential', () => {
    expect(sessionToken({})).toBeNull();
    expect(sessionToken({ authorization: 'Basic dXNlcjpwYXNz' })).toBeNull();
    expect(sessionToken({ authorization: 'Bearer ' })).toBeNull();
    expect(sessionToken({ cookie: 'not-better-auth.session_token=x' })).toBeNull();
  });
});
