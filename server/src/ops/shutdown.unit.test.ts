import Fastify from 'fastify';
import { expect, it } from 'vitest';
import { gracefulShutdown } from './shutdown.ts';

it('closes the database after every onClose hook, whichever order they were added in', async () => {
  const app = Fastify();
  const log: string[] = [];
  app.decorate('deps', { lifecycle: { startDraining: () => log.push('draining') } } as never);
  app.addHook('onClose', async () => void log.push('background work stopped'));
  app.addHook('onClose', async () => void log.push('listeners stopped'));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const exited = new Promise<number>((resolve) =>
    gracefulShutdown(app, 'SIGTERM', {
      exit: resolve,
      closeAfter: async () => void log.push('database closed'),
    }),
  );
  expect(await exited).toBe(0);
  expect(log.at(0)).toBe('draining');
  expect(log.at(-1)).toBe('database closed');
  expect(log).toHaveLength(4);
});
