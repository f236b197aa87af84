import { z } from 'zod';
import { instant, ok, uuid } from './api.ts';
import { roles } from './roles.ts';

/**
 * better-auth's endpoints as this app answers them (server/src/features/auth/routes.ts wraps
 * each JSON answer with `success` and `message`). Written by hand from what better-auth sends:
 * objects stay open (`looseObject`) because better-auth may add fields in a minor release.
 */

export const authUserSchema = z
  .looseObject({
    id: uuid,
    name: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    image: z.string().nullable().optional(),
    role: z
      .string()
      .nullable()
      .optional()
      .meta({ description: "'user', or the roles held, comma-joined ('staff', 'admin', 'staff,admin')" }),
    phone: z
      .string()
      .nullable()
      .optional()
      .meta({
        description: 'The mobile number, +91 and 10 digits (CONTRACT §2)',
        examples: ['+919876543210'],
      }),
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: 'AuthUser' });
export type AuthUser = z.infer<typeof authUserSchema>;

export const authSessionSchema = z
  .looseObject({
    id: uuid,
    userId: uuid,
    expiresAt: instant,
    createdAt: instant,
    updatedAt: instant,
    ipAddress: z.string().nullable().optional(),
    userAgent: z.string().nullable().optional(),
  })
  .meta({ id: 'AuthSession' });

const password = z
  .string()
  .min(8)
  .max(128)
  .meta({ examples: ['correct-horse-9'] });

export const signUpRequest = z
  .object({
    name: z.string().min(1),
    email: z.email(),
    password,
    phone: z.string().optional().meta({ description: 'Optional mobile number, +91 and 10 digits' }),
    callbackURL: z.string().optional(),
  })
  .meta({ examples: [{ name: 'Asha Rao', email: 'asha@example.com', password: 'correct-horse-9' }] });
export type SignUpRequest = z.input<typeof signUpRequest>;

export const signInRequest = z
  .object({
    email: z.email(),
    password,
    rememberMe: z.boolean().optional(),
    callbackURL: z.string().optional(),
  })
  .meta({ examples: [{ email: 'asha@example.com', password: 'correct-horse-9' }] });
export type SignInRequest = z.input<typeof signInRequest>;

/** Sign-up and sign-in: `token` works as `Authorization: Bearer <token>`; a cookie is set too. */
export const signedInResponse = ok({
  token: z
    .string()
    .nullable()
    .meta({ description: 'The session token: send it as `Authorization: Bearer <token>`' }),
  user: authUserSchema,
  redirect: z.boolean().optional(),
  url: z.string().optional(),
});
export type SignedInResponse = z.infer<typeof signedInResponse>;

/** GET /api/auth/get-session: the session and its user, or both null when not signed in. */
export const sessionResponse = z.union([
  ok({ session: authSessionSchema, user: authUserSchema }),
  ok({ session: z.null(), user: z.null() }),
]);
export type SessionResponse = z.infer<typeof sessionResponse>;

export const statusResponse = ok({ status: z.boolean().optional() });

export const updateUserRequest = z.object({
  name: z.string().trim().min(1).max(100).optional(),
  image: z.string().max(2_000).nullable().optional(),
});
export type UpdateUserRequest = z.input<typeof updateUserRequest>;

export const changePasswordRequest = z.object({
  currentPassword: z.string(),
  newPassword: password,
  revokeOtherSessions: z.boolean().optional(),
});
export type ChangePasswordRequest = z.input<typeof changePasswordRequest>;

export const requestPasswordResetRequest = z.object({
  email: z.email(),
  redirectTo: z
    .string()
    .optional()
    .meta({ description: 'The page the emailed link opens', examples: ['/reset-password'] }),
});
export const resetPasswordRequest = z.object({
  token: z.string().meta({ description: 'From the emailed link' }),
  newPassword: password,
});

export const listSessionsResponse = ok({ sessions: z.array(authSessionSchema) });

/** POST /api/auth/admin/set-role: answered by this app (not better-auth), audited. */
export const setRoleRequest = z
  .object({
    userId: z.string({ message: 'userId is required' }).trim().min(1, 'userId is required').max(100),
    role: z.union([z.enum(roles), z.array(z.enum(roles)).min(1).max(3)], {
      message: `role is one of ${roles.join(', ')}`,
    }),
  })
  .meta({ examples: [{ userId: '0b7f7e9c-2c1e-4c43-9a55-6f1d7f2b8a10', role: ['staff'] }] });
export type SetRoleRequest = z.input<typeof setRoleRequest>;
export const setRoleResponse = ok({
  user: z.object({ id: uuid, name: z.string(), email: z.string(), role: z.string() }),
});

/** POST /api/auth/sign-in/social: starts a hosted sign-in (the OIDC provider of OIDC_ISSUER). */
export const socialSignInRequest = z.object({
  provider: z.string().meta({ description: 'An id from GET /api/config → signInProviders' }),
  callbackURL: z
    .string()
    .meta({ description: 'Where the provider sends the visitor back to once signed in' }),
  errorCallbackURL: z
    .string()
    .optional()
    .meta({ description: "Where to go if the provider's sign-in fails; an `error` parameter is added" }),
});
export type SocialSignInRequest = z.input<typeof socialSignInRequest>;
export const socialSignInResponse = ok({
  url: z.string().meta({ description: "The provider's sign-in page: send the whole window there" }),
  redirect: z.boolean().optional(),
});
export type SocialSignInResponse = z.infer<typeof socialSignInResponse>;
