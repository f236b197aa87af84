import { DoorPage } from '../../features/door/door-page.tsx';

/** /door (behind the sign-in guard): the check-in screen; the server admits only staff and admins. */
export function DoorRoute() {
  return <DoorPage />;
}
