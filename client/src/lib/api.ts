/** An API answer that was not a success, carrying the server's own message for display. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when the answer was not even readable. */
  readonly status: number;
  /** The answer as the server sent it: some failures carry a field or two beside the message. */
  readonly payload: unknown;

  constructor(message: string, status: number, payload?: unknown) {
    super(message);
    this.status = status;
    this.payload = payload;
  }
}

export interface ApiOptions extends Omit<RequestInit, 'body'> {
  /** Sent as JSON. */
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
  if (body !== undefined) headers.set('Content-Type', 'application/json');

  const response = await fetch(path, {
    ...init,
    headers,
    credentials: 'include',
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // A body that is not JSON (a gateway's HTML error page) is treated as having no message.
  const payload: unknown = await response.json().catch(() => undefined);

  if (!response.ok || !isSuccess(payload)) {
    throw new ApiError(readMessage(payload) ?? fallbackMessage, response.status, payload);
  }
  return payload as T;
}
