import {
  ForgotPasswordPage,
  ResetPasswordPage,
} from '../../features/auth/components/password-reset-pages.tsx';

/** /forgot-password */
export function ForgotPasswordRoute() {
  return <ForgotPasswordPage />;
}

/** /reset-password?token=… (the emailed link) */
export function ResetPasswordRoute() {
  return <ResetPasswordPage />;
}
