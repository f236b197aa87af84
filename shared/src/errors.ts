/** Error codes the API answers with, each tied to one HTTP status (CONTRACT §3). */
export const errorStatus = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

/** The spec's words for the messages the client shows as they come. */
export const messages = {
  authenticationRequired: 'Authentication required',
  notAuthorized: 'Not authorized',
  maxSeats: 'Maximum 8 seats can be selected',
  noSeats: 'Please select at least one seat',
  internal: 'Something went wrong. Please try again.',
} as const;
