/** An API answer that was not a success, carrying the server's own message for display. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the answer was not even readable. */
  readonly status: number;
  /** The answer's other fields, e.g. the waiting booking a 409 points to (`bookingId`, `url`). */
  readonly details: Readonly<Record<string, unknown>>;

  constructor(message: string, status: number, details: Readonly<Record<string, unknown>> = {}) {
    super(message);
    this.status = status;
    this.details = details;
  }
}

export interface ApiOptions extends Omit<RequestInit, 'body'> {
  /** Sent as JSON; a Blob (a chosen file) is sent as it is, with its own type. */
  body?: unknown;
  /** Shown when the server gives no message of its own (a proxy error page, say). */
  fallbackMessage?: string;
}

const defaultFallback = 'Something went wrong. Please try again.';

function readMessage(payload: unknown): string | undefined {
  if (typeof payload !== 'object' || payload === null || !('message' in payload)) return undefined;
  return typeof payload.message === 'string' && payload.message ? payload.message : undefined;
}

function isSuccess(payload: unknown): boolean {
  return typeof payload === 'object' && payload !== null && 'success' in payload && payload.success === true;
}

/** Calls our API: JSON both ways, session cookie included; throws ApiError unless `success` is true. */
export async function api<T>(path: string, options: ApiOptions = {}): Promise<T> {
  const { body, fallbackMessage = defaultFallback, headers: extraHeaders, ...init } = options;
  const headers = new Headers(extraHeaders);
  headers.set('Accept', 'application/json');
  const isBlob = typeof Blob !== 'undefined' && body instanceof Blob;
  if (isBlob) headers.set('Content-Type', body.type || 'application/octet-stream');
  else if (body !== undefined) headers.set('Content-Type', 'application/json');

  const response = await fetch(path, {
    ...init,
    headers,
    credentials: 'include',
    body: isBlob ? body : body === undefined ? undefined : JSON.stringify(body),
  });
  // A body that is not JSON (a gateway's HTML error page) is treated as having no message.
  const payload: unknown = await response.json().catch(() => undefined);

  if (!response.ok || !isSuccess(payload)) {
    const details =
      typeof payload === 'object' && payload !== null ? (payload as Record<string, unknown>) : {};
    throw new ApiError(readMessage(payload) ?? fallbackMessage, response.status, details);
  }
  return payload as T;
}
