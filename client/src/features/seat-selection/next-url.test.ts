import { describe, expect, it } from 'vitest';
import { nextPath } from './next-url.ts';

describe('nextPath', () => {
  it('puts a slash before a relative path', () => {
    expect(nextPath('mybookings')).toBe('/mybookings');
    expect(nextPath('movies')).toBe('/movies');
    expect(nextPath('booking/abc?x=1#seats')).toBe('/booking/abc?x=1#seats');
  });

  it('strips leading slashes', () => {
    expect(nextPath('/mybookings')).toBe('/mybookings');
    expect(nextPath('///movies')).toBe('/movies');
  });

  it('keeps a protocol-relative value on this site', () => {
    expect(nextPath('//evil.example')).toBe('/evil.example');
    expect(nextPath('//evil.example/path')).toBe('/evil.example/path');
  });

  it('refuses dot segments that collapse into another host', () => {
    expect(nextPath('..//evil.example')).toBeNull();
    expect(nextPath('movies/..//evil.example')).toBeNull();
    expect(nextPath('a/../mybookings')).toBe('/mybookings');
  });

  it('refuses absolute URLs and other schemes', () => {
    expect(nextPath('https://evil.example')).toBeNull();
    expect(nextPath('javascript:alert(1)')).toBeNull();
    expect(nextPath('data:text/html,hi')).toBeNull();
  });

  it('refuses backslashes and control characters that browsers read as slashes', () => {
    expect(nextPath('\\\\evil.example')).toBeNull();
    expect(nextPath('/\\evil.example')).toBeNull();
    expect(nextPath('\t//evil.example')).toBe('/evil.example');
    expect(nextPath('movies\n//evil.example')).toBeNull();
  });

  it('is null when there is nothing to go to', () => {
    expect(nextPath(null)).toBeNull();
    expect(nextPath(undefined)).toBeNull();
    expect(nextPath('')).toBeNull();
    expect(nextPath('/')).toBeNull();
  });
});
