import { SignInScreen } from '../../features/auth/components/sign-in-screen.tsx';

export function AdminSignInRoute() {
  return (
    <SignInScreen
      title="Admin sign in"
      subtitle="Manage movies, shows and bookings."
      defaultTarget="/admin"
      offerSignUp={false}
    />
  );
}
