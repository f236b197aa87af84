import { describe, expect, it } from 'vitest';
import { safeRedirectPath, withRedirect } from './redirect-target.ts';

describe('safeRedirectPath', () => {
  it('keeps a path on this site with its query and fragment', () => {
    expect(safeRedirectPath('/favourites')).toBe('/favourites');
    expect(safeRedirectPath('/booking/abc?date=2025-01-01#seats')).toBe('/booking/abc?date=2025-01-01#seats');
    expect(safeRedirectPath('/')).toBe('/');
  });

  it('normalises dot segments without leaving the site', () => {
    expect(safeRedirectPath('/a/../profile')).toBe('/profile');
    expect(safeRedirectPath('/../../etc')).toBe('/etc');
  });

  it('falls back when there is nothing to go to', () => {
    expect(safeRedirectPath(null)).toBe('/');
    expect(safeRedirectPath(undefined)).toBe('/');
    expect(safeRedirectPath('')).toBe('/');
    expect(safeRedirectPath(null, '/admin')).toBe('/admin');
  });

  it('refuses protocol-relative and absolute addresses', () => {
    expect(safeRedirectPath('//evil.example')).toBe('/');
    expect(safeRedirectPath('//evil.example/favourites', '/admin')).toBe('/admin');
    expect(safeRedirectPath('https://evil.example/')).toBe('/');
    expect(safeRedirectPath('javascript:alert(1)')).toBe('/');
    expect(safeRedirectPath('favourites')).toBe('/');
  });

  it('refuses paths whose dot segments collapse into another host', () => {
    expect(safeRedirectPath('/..//evil.example')).toBe('/');
    expect(safeRedirectPath('/a/..//evil.example')).toBe('/');
    expect(safeRedirectPath('/%2e%2e//evil.example')).toBe('/');
  });

  it('refuses backslashes, whitespace and control characters that browsers read as slashes', () => {
    expect(safeRedirectPath('/\\evil.example')).toBe('/');
    expect(safeRedirectPath('\\\\evil.example')).toBe('/');
    expect(safeRedirectPath(' //evil.example')).toBe('/');
    expect(safeRedirectPath('/\t/evil.example')).toBe('/');
    expect(safeRedirectPath('/\n/evil.example')).toBe('/');
    expect(safeRedirectPath('/movies\u0000')).toBe('/');
  });

  it('keeps encoded characters encoded', () => {
    expect(safeRedirectPath('/%2F%2Fevil.example')).toBe('/%2F%2Fevil.example');
    expect(safeRedirectPath('/search?q=a%20b')).toBe('/search?q=a%20b');
  });
});

describe('withRedirect', () => {
  it('carries the target, encoded, unless it is home', () => {
    expect(withRedirect('/sign-up', '/favourites?x=1')).toBe('/sign-up?redirect=%2Ffavourites%3Fx%3D1');
    expect(withRedirect('/sign-up', '/')).toBe('/sign-up');
  });
});
