import pg from 'pg';

export type NotificationHandler = (payload: string) => void;

export type ListenerEvent =
  | { state: 'lost'; error?: unknown }
  /** Back after `downMs`; notifications sent meanwhile were missed, so caches must be dropped. */
  | { state: 'restored'; downMs: number; attempts: number };

export interface ListenerStats {
  connected: boolean;
  reconnects: number;
  /** The PostgreSQL backend serving the LISTEN (to watch it, or terminate it in tests). */
  backendPid: number | null;
}

const FIRST_RETRY_MS = 100;
const MAX_RETRY_MS = 5_000;
const HEARTBEAT_MS = 10_000;

/**
 * One LISTEN connection per process, kept alive: when PostgreSQL drops it (a restart, a network
 * blip, pg_terminate_backend) it is replaced with exponential backoff, every channel is listened
 * to again, and `onEvent` handlers hear 'restored' so they can drop what they cached meanwhile.
 * A heartbeat query finds a connection that died without a word (a half-open TCP connection).
 */
export class PgListener {
  private client: pg.Client | null = null;
  private readonly channels = new Map<string, Set<NotificationHandler>>();
  private readonly eventHandlers = new Set<(event: ListenerEvent) => void>();
  private closed = false;
  private lostAt: number | null = null;
  private attempts = 0;
  private retry: NodeJS.Timeout | undefined;
  private readonly heartbeat: NodeJS.Timeout;
  private reconnects = 0;
  private backendPid: number | null = null;

  constructor(private readonly url: string) {
    this.heartbeat = setInterval(() => void this.checkAlive(), HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  /** Connects for the first time; start-up fails if PostgreSQL cannot be reached. */
  async start(): Promise<void> {
    this.client = await this.connect();
  }

  async listen(channel: string, handler: NotificationHandler): Promise<() => Promise<void>> {
    let handlers = this.channels.get(channel);
    if (!handlers) {
      this.channels.set(channel, (handlers = new Set()));
      await this.client?.query(`listen ${pg.escapeIdentifier(channel)}`);
    }
    handlers.add(handler);
    return async () => {
      handlers.delete(handler);
      if (handlers.size || this.channels.get(channel) !== handlers) return;
      this.channels.delete(channel);
      await this.client?.query(`unlisten ${pg.escapeIdentifier(channel)}`).catch(() => {});
    };
  }

  onEvent(handler: (event: ListenerEvent) => void): () => void {
    this.eventHandlers.add(handler);
    return () => this.eventHandlers.delete(handler);
  }

  stats(): ListenerStats {
    return { connected: this.client !== null, reconnects: this.reconnects, backendPid: this.backendPid };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearInterval(this.heartbeat);
    clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<pg.Client> {
    const client = new pg.Client({
      connectionString: this.url,
      application_name: 'marquee-listener',
      keepAlive: true,
      connectionTimeoutMillis: 5_000,
    });
    client.on('notification', (message) => {
      for (const handler of this.channels.get(message.channel) ?? []) handler(message.payload ?? '');
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      for (const channel of this.channels.keys())
        await client.query(`listen ${pg.escapeIdentifier(channel)}`);
      this.backendPid = rows[0]?.pid ?? null;
      return client;
    } catch (error) {
      client.removeAllListeners('end');
      client.removeAllListeners('error');
      client.on('error', () => {});
      await client.end().catch(() => {});
      throw error;
    }
  }

  private lost(client: pg.Client, error?: unknown) {
    if (this.closed || client !== this.client) return;
    this.client = null;
    this.backendPid = null;
    this.lostAt = performance.now();
    this.attempts = 0;
    client.end().catch(() => {});
    this.emit({ state: 'lost', error });
    this.scheduleReconnect(0);
  }

  private scheduleReconnect(delayMs: number) {
    clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.reconnect(), delayMs);
  }

  private async reconnect() {
    if (this.closed || this.client) return;
    this.attempts++;
    try {
      const client = await this.connect();
      if (this.closed) {
        await client.end().catch(() => {});
        return;
      }
      this.client = client;
      this.reconnects++;
      const downMs = Math.round(performance.now() - (this.lostAt ?? performance.now()));
      this.emit({ state: 'restored', downMs, attempts: this.attempts });
    } catch {
      // Backoff with jitter, so a fleet of processes does not reconnect in lockstep.
      const base = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** (this.attempts - 1));
      this.scheduleReconnect(base / 2 + Math.random() * (base / 2));
    }
  }

  private async checkAlive() {
    const client = this.client;
    if (!client) return;
    const timeout = setTimeout(() => this.lost(client, new Error('listener heartbeat timed out')), 5_000);
    try {
      await client.query('select 1');
    } catch (error) {
      this.lost(client, error);
    } finally {
      clearTimeout(timeout);
    }
  }

  private emit(event: ListenerEvent) {
    for (const handler of this.eventHandlers) {
      try {
        handler(event);
      } catch {
        // One handler's failure must not keep the others from hearing about the connection.
      }
    }
  }
}
