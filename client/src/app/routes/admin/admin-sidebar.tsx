import {
  Banknote,
  CalendarPlus,
  ChartColumn,
  ReceiptIndianRupee,
  LogOut,
  Clapperboard,
  Film,
  Popcorn,
  HandCoins,
  Landmark,
  LayoutDashboard,
  LayoutGrid,
  ListVideo,
  ScanLine,
  Store,
  ScrollText,
  Settings,
  Ticket,
  TicketCheck,
  Users,
} from 'lucide-react';
import { Link, NavLink } from 'react-router';
import { ThemeToggle } from '../../../components/ui/theme-toggle.tsx';
import { useSignOut } from '../../../features/auth/api/sign-out.ts';

const links = [
  { to: '/admin', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/admin/movies', label: 'Movies', icon: Film, end: false },
  { to: '/admin/add-movie', label: 'Add Movie', icon: Clapperboard, end: false },
  { to: '/admin/add-show', label: 'Add Show', icon: CalendarPlus, end: false },
  { to: '/admin/all-shows', label: 'List Shows', icon: ListVideo, end: false },
  { to: '/admin/screens', label: 'Screens', icon: LayoutGrid, end: false },
  { to: '/admin/bookings', label: 'Bookings', icon: TicketCheck, end: false },
  { to: '/admin/refunds', label: 'Refunds', icon: HandCoins, end: false },
  { to: '/admin/users', label: 'Users', icon: Users, end: false },
  { to: '/admin/reports/daily', label: 'Daily Report', icon: ChartColumn, end: false },
  { to: '/admin/reports/films', label: 'Films Report', icon: ReceiptIndianRupee, end: false },
  { to: '/admin/reports/gst', label: 'GST Report', icon: Landmark, end: false },
  { to: '/admin/shifts', label: 'Shifts', icon: Banknote, end: false },
  { to: '/admin/audit', label: 'Audit Log', icon: ScrollText, end: false },
  { to: '/admin/menu', label: 'Food & Drinks', icon: Popcorn, end: false },
  { to: '/admin/settings', label: 'Settings', icon: Settings, end: false },
  { to: '/door', label: 'Door check-in', icon: ScanLine, end: false },
  { to: '/boxoffice', label: 'Box office', icon: Store, end: false },
];

// Below 1024px (spec) only icons show; the labels stay in the page as the links' names.
const label = 'sr-only lg:not-sr-only';

// Collapsed, each link also shows its name beside the icon on hover and keyboard focus. The
// content's alternative text is empty so the tooltip is not read out twice with the link's name.
const tooltipClassName =
  'max-lg:after:pointer-events-none max-lg:after:absolute max-lg:after:top-1/2 max-lg:after:left-full max-lg:after:z-50 max-lg:after:ml-3 max-lg:after:-translate-y-1/2 max-lg:after:rounded max-lg:after:bg-zinc-900 max-lg:after:px-2 max-lg:after:py-1 max-lg:after:text-xs max-lg:after:whitespace-nowrap max-lg:after:text-white max-lg:after:opacity-0 max-lg:after:content-[attr(data-tooltip)_/_""] max-lg:hover:after:opacity-100 max-lg:focus-visible:after:opacity-100 dark:max-lg:after:bg-zinc-100 dark:max-lg:after:text-zinc-900';

const linkClassName =
  'relative flex items-center justify-center gap-3 rounded-md p-2.5 text-sm font-medium text-zinc-700 transition-colors hover:bg-zinc-100 focus-visible:outline-2 focus-visible:outline-brand-600 lg:justify-start lg:px-3 dark:text-zinc-300 dark:hover:bg-zinc-800 aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800 dark:aria-[current=page]:bg-brand-900/40 dark:aria-[current=page]:text-brand-300';

export function AdminSidebar() {
  const signOut = useSignOut();
  return (
    <aside className="sticky top-0 z-30 flex h-dvh w-16 shrink-0 flex-col border-r border-zinc-200 bg-white lg:w-60 dark:border-zinc-800 dark:bg-zinc-900">
      <Link
        to="/"
        title="Marquee home"
        className="flex h-16 items-center justify-center gap-2 border-b border-zinc-200 text-lg font-bold tracking-tight text-brand-700 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600 lg:justify-start lg:px-5 dark:border-zinc-800 dark:text-brand-400"
      >
        <Ticket aria-hidden className="size-6 shrink-0" />
        <span className={label}>Marquee Admin</span>
      </Link>
      {/* The links scroll and Sign Out stays in view when they do not fit: always when wide, and
          collapsed on a short screen (there the hover names are clipped; the links keep theirs). */}
      <nav
        aria-label="Admin"
        className="min-h-0 flex-1 p-2 lg:overflow-y-auto lg:p-3 [@media(max-height:60rem)]:overflow-y-auto"
      >
        {/* On a short screen (a 768-pixel-high laptop) the links pack closer, so all of them,
            Box office last, fit above Sign Out without scrolling. */}
        <ul className="flex flex-col gap-1 [@media(max-height:60rem)]:gap-0.5">
          {links.map(({ to, label: text, icon: Icon, end }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                data-tooltip={text}
                className={`${linkClassName} ${tooltipClassName} [@media(max-height:60rem)]:py-1.5`}
              >
                <Icon aria-hidden className="size-5 shrink-0" />
                <span className={label}>{text}</span>
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="flex flex-col items-center gap-1 border-t border-zinc-200 p-2 lg:flex-row lg:justify-between lg:px-3 dark:border-zinc-800">
        <ThemeToggle />
        <button
          type="button"
          onClick={() => signOut.mutate()}
          disabled={signOut.isPending}
          data-tooltip="Sign Out"
          className={`${linkClassName} ${tooltipClassName} w-full lg:w-auto`}
        >
          <LogOut aria-hidden className="size-5 shrink-0" />
          <span className={label}>Sign Out</span>
        </button>
      </div>
    </aside>
  );
}
