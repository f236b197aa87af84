import { startApp } from './lib.ts';
import { rush } from './rush.ts';
const kind = (process.env.KIND ?? 'postgres') as 'postgres';
const app = await startApp(kind);
try {
  const r = await rush(app, kind, (process.env.SCEN ?? 'one show') as 'one show');
  console.log(
    r.attemptsPerSecond,
    r.p99,
    r.held,
    r.refused,
    r.errors,
    JSON.stringify(r.errorKinds),
    r.soldTwice,
  );
} finally {
  await app.stop();
}
