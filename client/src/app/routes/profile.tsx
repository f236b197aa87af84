import { formatIndianMobile } from '@marquee/shared';
import { LogOut } from 'lucide-react';
import { buttonClassName } from '../../components/ui/button.ts';
import { useSignOut } from '../../features/auth/api/sign-out.ts';
import { ChangeNameForm } from '../../features/auth/components/change-name-form.tsx';
import { ChangePasswordForm } from '../../features/auth/components/change-password-form.tsx';
import { ChangePhoneForm } from '../../features/auth/components/change-phone-form.tsx';
import { FormAlert } from '../../features/auth/components/form-alert.tsx';
import { ProfileSection } from '../../features/auth/components/profile-section.tsx';
import { useSession } from '../../features/auth/use-session.ts';
import { YourDataSection } from '../../features/privacy/components/your-data-section.tsx';

// Behind RequireUser, so the session holds a user.
export function ProfileRoute() {
  const { user } = useSession();
  const signOut = useSignOut();
  if (!user) return null;

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <title>Profile — Marquee</title>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight">Profile</h1>
          <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="text-zinc-600 dark:text-zinc-400">Name</dt>
            <dd className="font-medium break-words">{user.name}</dd>
            <dt className="text-zinc-600 dark:text-zinc-400">Email</dt>
            <dd className="font-medium break-all">{user.email}</dd>
            <dt className="text-zinc-600 dark:text-zinc-400">Mobile</dt>
            <dd className="font-medium">{user.phone ? formatIndianMobile(user.phone) : 'Not given'}</dd>
          </dl>
        </div>
        <button
          type="button"
          onClick={() => signOut.mutate()}
          disabled={signOut.isPending}
          className={buttonClassName('secondary')}
        >
          <LogOut aria-hidden className="size-4" />
          Sign Out
        </button>
      </header>
      <FormAlert message={signOut.error?.message} />
      <ProfileSection title="Change name">
        {/* Keyed so the field shows the saved name once the session is re-read. */}
        <ChangeNameForm key={user.name} currentName={user.name} />
      </ProfileSection>
      <ProfileSection title="Mobile number">
        <ChangePhoneForm key={user.phone ?? ''} currentPhone={user.phone ?? null} />
      </ProfileSection>
      <ProfileSection title="Change password">
        <ChangePasswordForm />
      </ProfileSection>
      <ProfileSection title="Your data">
        <YourDataSection />
      </ProfileSection>
    </div>
  );
}
