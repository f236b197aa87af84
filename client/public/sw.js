// Marquee's service worker: keeps an opened ticket readable offline (issue 13, decision 0014).
// Registered by the ticket page with scope /tickets/, so it only ever controls ticket pages; other
// pages never pass through it. Hand-written and small on purpose: there is one job to do.
//
// Two caches:
// - marquee-shell: the app's public files a ticket page needs (index.html and the hashed assets the
//   page reported), replaced as a whole each time a ticket is kept, so old deploys do not pile up.
// - marquee-private: the signed-in person's ticket answers and session. The kept session answer names
//   the account they belong to: the app (lib/offline-ticket.ts, on every session answer and at
//   sign-out) and this worker delete the cache as soon as the server says someone else, or nobody,
//   is signed in, and tickets are only ever kept beside their own account's session.
const SHELL = 'marquee-shell';
const PRIVATE = 'marquee-private';
const SHELL_PAGE = '/index.html';
const ticketApi = /^\/api\/bookings\/[^/]+\/ticket$/;
const sessionApi = '/api/auth/get-session';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

// The ticket page asks to keep itself: its ticket's API address and the files it loaded.
self.addEventListener('message', (event) => {
  const data = event.data;
  if (data?.type !== 'keep-ticket' || typeof data.ticketUrl !== 'string' || !Array.isArray(data.files))
    return;
  const done = keepTicket(data.ticketUrl, data.files).then(
    () => event.source?.postMessage({ type: 'ticket-kept', ticketUrl: data.ticketUrl }),
    () => event.source?.postMessage({ type: 'ticket-not-kept', ticketUrl: data.ticketUrl }),
  );
  event.waitUntil(done);
});

async function keepTicket(ticketUrl, files) {
  const sameOrigin = (path) => new URL(path, self.location.origin).origin === self.location.origin;
  const wanted = [SHELL_PAGE, ...files.filter((f) => typeof f === 'string' && sameOrigin(f))];
  const fresh = await caches.open(`${SHELL}-next`);
  await fresh.addAll(wanted);
  // Swap the shell in whole, so a half-written one is never what a ticket page falls back on.
  const shell = await caches.open(SHELL);
  for (const request of await shell.keys()) await shell.delete(request);
  for (const request of await fresh.keys()) await shell.put(request, (await fresh.match(request)).clone());
  await caches.delete(`${SHELL}-next`);

  if (!ticketApi.test(new URL(ticketUrl, self.location.origin).pathname)) throw new Error('not a ticket');
  const [ticket, session] = await Promise.all([fetch(ticketUrl), fetch(sessionApi)]);
  const owner = (
    await session
      .clone()
      .json()
      .catch(() => null)
  )?.user?.id;
  if (!ticket.ok || !session.ok || !owner) throw new Error('not kept');
  // Another account's tickets never share the cache with this one's.
  if ((await keptOwner()) !== owner) await caches.delete(PRIVATE);
  const mine = await caches.open(PRIVATE);
  await mine.put(ticketUrl, ticket);
  await mine.put(sessionApi, session);
}

/** The account the kept tickets belong to: the user of the session answer kept with them. */
async function keptOwner() {
  if (!(await caches.has(PRIVATE))) return null;
  const kept = await (await caches.open(PRIVATE)).match(sessionApi);
  return (await kept?.json().catch(() => null))?.user?.id ?? null;
}

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') return event.respondWith(page(request));
  if (ticketApi.test(url.pathname) || url.pathname === sessionApi)
    return event.respondWith(personal(request));
  event.respondWith(shellFile(request));
});

/** Network first; offline, the kept app shell (its router then shows the ticket). */
async function page(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const kept = await caches.match(SHELL_PAGE, { cacheName: SHELL });
    if (kept) return kept;
    throw error;
  }
}

/** Network first, refreshing a kept copy; the kept copy only when the network cannot be reached. */
async function personal(request) {
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    if (!(await caches.has(PRIVATE))) throw error;
    const kept = await (await caches.open(PRIVATE)).match(request);
    if (kept) return kept;
    throw error;
  }
  if (await caches.has(PRIVATE)) {
    const mine = await caches.open(PRIVATE);
    if (request.url.endsWith(sessionApi)) {
      const body = await response
        .clone()
        .json()
        .catch(() => null);
      // Signed out here or elsewhere, or someone else signed in: nothing of that person stays.
      if (!response.ok || !body?.user || body.user.id !== (await keptOwner())) await caches.delete(PRIVATE);
      else await mine.put(request, response.clone());
    } else if (response.ok) {
      if (await mine.match(request)) await mine.put(request, response.clone());
    } else {
      await mine.delete(request);
    }
  }
  return response;
}

/** Network first (the browser's HTTP cache makes that cheap); the kept copy when offline. */
async function shellFile(request) {
  try {
    return await fetch(request);
  } catch (error) {
    const kept = await caches.match(request, { cacheName: SHELL });
    if (kept) return kept;
    throw error;
  }
}
