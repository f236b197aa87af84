/**
 * The admin account the e2e server is started with (ADMIN_EMAIL / ADMIN_PASSWORD), so browser
 * tests can act as staff against the real server rather than a stand-in answer.
 */
export const adminAccount = {
  name: 'Admin',
  email: 'admin@marquee.test',
  password: 'Marquee-e2e-Admin-7391!',
} as const;
