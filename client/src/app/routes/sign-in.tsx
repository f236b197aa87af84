import { SignInScreen } from '../../features/auth/components/sign-in-screen.tsx';

export function SignInRoute() {
  return (
    <SignInScreen
      title="Sign in"
      subtitle="Book seats, keep favourites and see your bookings."
      defaultTarget="/"
      offerSignUp
    />
  );
}
