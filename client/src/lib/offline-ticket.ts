// The app's side of the ticket service worker (client/public/sw.js, decision 0014).

/** The cache holding the signed-in person's tickets and session; sw.js names it too. */
const PRIVATE_CACHE = 'marquee-private';
const KEEP_TIMEOUT_MS = 15_000;
/** The build's files: hashed assets and the few kept at the root (not posters, not the API). */
const appFile = /^\/(assets\/[^/]+|[\w-]+\.(js|css|svg))$/;

/** Waits until the registration has an active worker (a first install takes a moment). */
function activeWorker(registration: ServiceWorkerRegistration): Promise<ServiceWorker> {
  if (registration.active) return Promise.resolve(registration.active);
  return new Promise((resolve) => {
    const worker = registration.installing ?? registration.waiting;
    worker?.addEventListener('statechange', () => {
      if (registration.active) resolve(registration.active);
    });
  });
}

/**
 * Keeps this ticket page readable offline, after a reload too: registers the worker (production
 * builds only: in development Vite's module graph is not a shell worth keeping) and asks it to
 * keep the ticket's answer and the files this page loaded. Resolves true once they are kept.
 */
export async function keepTicketOffline(ticketUrl: string): Promise<boolean> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator) || !('caches' in window)) return false;
  try {
    const registration = await navigator.serviceWorker.register('/sw.js', { scope: '/tickets/' });
    const worker = await activeWorker(registration);
    const files = performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === location.origin && appFile.test(url.pathname))
      .map((url) => url.pathname)
      // The cinema's settings (time zone, address) are public: kept with the shell.
      .concat('/api/config');
    return await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => finish(false), KEEP_TIMEOUT_MS);
      function finish(kept: boolean) {
        clearTimeout(timer);
        navigator.serviceWorker.removeEventListener('message', onMessage);
        resolve(kept);
      }
      function onMessage(event: MessageEvent<{ type?: string; ticketUrl?: string }>) {
        if (event.data?.ticketUrl !== ticketUrl) return;
        finish(event.data.type === 'ticket-kept');
      }
      navigator.serviceWorker.addEventListener('message', onMessage);
      worker.postMessage({ type: 'keep-ticket', ticketUrl, files });
    });
  } catch {
    return false; // Private browsing and the like: the ticket still works online.
  }
}

/** At sign-out: nothing of this person's tickets stays on the device for the next one. */
export async function forgetOfflineTickets(): Promise<void> {
  if ('caches' in window) await caches.delete(PRIVATE_CACHE).catch(() => false);
}

/**
 * The kept tickets belong to the account whose session answer was kept with them (sw.js). Given
 * each answer the server gives about who is signed in here, they go as soon as that is someone
 * else or nobody: a session can end elsewhere (revoked, password reset) without a sign-out in this
 * browser, and the next person to sign in must not find the last one's tickets offline.
 */
export async function keepOfflineTicketsOnlyFor(userId: string | null): Promise<void> {
  if (!('caches' in window)) return;
  try {
    if (!(await caches.has(PRIVATE_CACHE))) return;
    const kept = await (await caches.open(PRIVATE_CACHE)).match('/api/auth/get-session');
    const answer = (await kept?.json().catch(() => null)) as { user?: { id?: string } | null } | null;
    if (!userId || answer?.user?.id !== userId) await caches.delete(PRIVATE_CACHE);
  } catch {
    // Storage refused (private browsing and the like): nothing was kept either.
  }
}
