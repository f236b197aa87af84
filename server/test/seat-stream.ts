export interface SeatEvent {
  occupiedSeats: Record<string, true>;
  availableSeats: number;
}

/** Reads a show's live seat map (server-sent events); `next()` waits for the next message. */
export async function subscribeSeats(baseUrl: string, showId: string) {
  const controller = new AbortController();
  const response = await fetch(`${baseUrl}/api/bookings/seats/${showId}/events`, {
    signal: controller.signal,
  });
  if (!response.ok) throw new Error(`seat stream answered ${response.status}`);
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  let ended = false;
  return {
    get ended() {
      return ended;
    },
    /** The next seat map sent, or an error after `timeoutMs` without one. */
    async next(timeoutMs = 5_000): Promise<SeatEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const match = /event: seats\ndata: (.*)\n\n/.exec(buffer);
        if (match) {
          buffer = buffer.slice(match.index + match[0].length);
          return JSON.parse(match[1]!) as SeatEvent;
        }
        const left = deadline - Date.now();
        if (left <= 0) throw new Error('no seat event in time');
        let timer: NodeJS.Timeout | undefined;
        const chunk = await Promise.race([
          reader.read(),
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error('no seat event in time')), left);
          }),
        ]).finally(() => clearTimeout(timer));
        if (chunk.done) {
          ended = true;
          throw new Error('stream ended');
        }
        buffer += chunk.value;
      }
    },
    /** Waits until a map satisfying `accept` arrives; returns it. */
    async until(accept: (event: SeatEvent) => boolean, timeoutMs = 10_000): Promise<SeatEvent> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const event = await this.next(Math.max(1, deadline - Date.now()));
        if (accept(event)) return event;
      }
    },
    close: () => controller.abort(),
  };
}
