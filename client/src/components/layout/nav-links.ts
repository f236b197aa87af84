import { holdsRole } from '@marquee/shared';

/** The header's main links (spec §2 "Header"), shared by the wide bar and the mobile menu. */
export const mainLinks = [
  { to: '/', label: 'Home', end: true },
  { to: '/movies', label: 'Movies', end: false },
  { to: '/mybookings', label: 'Bookings', end: false },
  { to: '/favourites', label: 'Favourites', end: false },
] as const;

/** The signed-in user's own pages, in the user menu. */
export const accountLinks = [
  { to: '/mybookings', label: 'My Bookings' },
  { to: '/favourites', label: 'My Favourites' },
  { to: '/profile', label: 'Profile' },
] as const;

/** What the header needs to know about the signed-in user. */
export interface HeaderUser {
  name: string;
  email?: string;
  role?: string | null;
}

/** The user menu's links: staff and admins also reach the door and the box office, admins the admin area. */
export function accountLinksFor(user: HeaderUser): readonly { to: string; label: string }[] {
  const isAdmin = holdsRole(user.role, 'admin');
  const links: { to: string; label: string }[] = [...accountLinks];
  if (holdsRole(user.role, 'staff') || isAdmin) {
    links.push({ to: '/door', label: 'Door' });
    links.push({ to: '/boxoffice', label: 'Box office' });
  }
  if (isAdmin) links.push({ to: '/admin', label: 'Admin' });
  return links;
}

export interface HeaderProps {
  /** Null when signed out (a session still being checked counts as signed out, spec §4). */
  user: HeaderUser | null;
  /** True while the first session check runs; the header then keeps the account slot empty. */
  isSessionPending?: boolean;
  onSignOut: () => void;
}

export const focusRing =
  'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600';

export const headerClass =
  'sticky top-0 z-40 border-b border-zinc-200 bg-white/90 backdrop-blur dark:border-zinc-800 dark:bg-zinc-950/90';
