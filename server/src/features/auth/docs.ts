import {
  changePasswordRequest,
  listSessionsResponse,
  ok,
  requestPasswordResetRequest,
  resetPasswordRequest,
  sessionResponse,
  signedInResponse,
  signInRequest,
  signUpRequest,
  socialSignInRequest,
  socialSignInResponse,
  statusResponse,
  updateUserRequest,
} from '@marquee/shared';
import type { FastifySchema } from 'fastify';
import { z } from 'zod';
import { routeSchema } from '../../plugins/openapi.ts';

const tags = ['Accounts'];
const limited = 'Too many attempts from this address (AUTH_RATE_LIMIT a minute)';
const crossSite = 'A cookie call from another site';

/**
 * better-auth's endpoints that this app's clients use, described by hand (better-auth validates
 * them itself): routes.ts registers each at its exact path with the same bridge handler as
 * /api/auth/*, so they are documented and their answers checked in tests like every route.
 */
export const authDocs: { method: 'GET' | 'POST'; url: string; schema: FastifySchema }[] = [
  {
    method: 'POST',
    url: '/api/auth/sign-up/email',
    schema: routeSchema({
      tags,
      summary: 'Create an account and sign in',
      description:
        'Answers the session `token` (use it as `Authorization: Bearer <token>`; also in the `set-auth-token` ' +
        'header) and sets the session cookie.',
      auth: 'public',
      body: signUpRequest,
      ok: signedInResponse,
      errors: {
        400: 'Please enter a valid email address / Password must be at least 8 characters',
        409: 'An account with this email already exists',
        429: limited,
      },
    }),
  },
  {
    method: 'POST',
    url: '/api/auth/sign-in/email',
    schema: routeSchema({
      tags,
      summary: 'Sign in with email and password',
      description:
        'Answers the session `token` (use it as `Authorization: Bearer <token>`; also in the `set-auth-token` ' +
        'header) and sets the session cookie. Sessions last 30 days.',
      auth: 'public',
      body: signInRequest,
      ok: signedInResponse,
      errors: { 401: 'Invalid email or password', 429: limited },
    }),
  },
  {
    method: 'POST',
    url: '/api/auth/sign-in/social',
    schema: routeSchema({
      tags,
      summary: 'Start a hosted sign-in (when OIDC_ISSUER is set)',
      description:
        "Answers the provider's `url`; the provider comes back to /api/auth/oauth2/callback/{providerId}.",
      auth: 'public',
      body: socialSignInRequest,
      ok: socialSignInResponse,
    }),
  },
  {
    method: 'POST',
    url: '/api/auth/sign-out',
    schema: routeSchema({
      tags,
      summary: 'Sign out: the session ends and its cookie is cleared',
      auth: 'public',
      ok: ok({}),
      errors: { 403: crossSite },
    }),
  },
  {
    method: 'GET',
    url: '/api/auth/get-session',
    schema: {
      ...routeSchema({
        tags,
        summary: 'The current session and its user; both null when not signed in',
        auth: 'public',
        ok: sessionResponse,
      }),
      security: [{}, { cookie: [] }, { bearer: [] }],
    },
  },
  {
    method: 'POST',
    url: '/api/auth/update-user',
    schema: routeSchema({
      tags,
      summary: "Change the caller's name or image",
      auth: 'user',
      body: updateUserRequest,
      ok: statusResponse,
      errors: { 403: crossSite },
    }),
  },
  {
    method: 'POST',
    url: '/api/auth/change-password',
    schema: routeSchema({
      tags,
      summary: "Change the caller's password",
      auth: 'user',
      body: changePasswordRequest,
      ok: signedInResponse,
      errors: { 400: 'Current password is incorrect', 403: crossSite, 429: limited },
    }),
  },
  {
    method: 'POST',
    url: '/api/auth/request-password-reset',
    schema: routeSchema({
      tags,
      summary: 'Email a single-use reset link (valid one hour)',
      description: 'Answers the same whether or not the address has an account.',
      auth: 'public',
      body: requestPasswordResetRequest,
      ok: statusResponse,
      errors: { 429: limited },
    }),
  },
  {
    method: 'POST',
    url: '/api/auth/reset-password',
    schema: routeSchema({
      tags,
      summary: "Set a new password with the emailed link's token; every session ends",
      auth: 'public',
      body: resetPasswordRequest,
      ok: statusResponse,
      errors: { 400: 'Invalid token', 429: limited },
    }),
  },
  {
    method: 'GET',
    url: '/api/auth/list-sessions',
    schema: routeSchema({
      tags,
      summary: "The caller's sessions (without their tokens)",
      auth: 'user',
      ok: listSessionsResponse,
    }),
  },
  {
    method: 'POST',
    url: '/api/auth/revoke-other-sessions',
    schema: routeSchema({
      tags,
      summary: "End the caller's other sessions (sign out everywhere else)",
      auth: 'user',
      body: z.object({}),
      ok: statusResponse,
      errors: { 403: crossSite },
    }),
  },
];
