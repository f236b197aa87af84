import { describe, expect, it } from 'vitest';
import { accountLinksFor } from './nav-links.ts';

const labels = (role: string | null) => accountLinksFor({ name: 'Asha', role }).map((link) => link.label);

describe('accountLinksFor', () => {
  it('gives a buyer only their own pages', () => {
    expect(labels('user')).toEqual(['My Bookings', 'My Favourites', 'Profile']);
    expect(labels(null)).toEqual(['My Bookings', 'My Favourites', 'Profile']);
  });

  it('leads staff to the door and admins to the door and the admin area, whatever order roles are kept in', () => {
    expect(labels('staff')).toEqual(['My Bookings', 'My Favourites', 'Profile', 'Door', 'Box office']);
    expect(labels('admin')).toEqual([
      'My Bookings',
      'My Favourites',
      'Profile',
      'Door',
      'Box office',
      'Admin',
    ]);
    expect(labels('staff,admin')).toEqual([
      'My Bookings',
      'My Favourites',
      'Profile',
      'Door',
      'Box office',
      'Admin',
    ]);
    expect(labels('admin, staff')).toEqual([
      'My Bookings',
      'My Favourites',
      'Profile',
      'Door',
      'Box office',
      'Admin',
    ]);
  });
});
