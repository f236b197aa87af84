// Node module hook for the simulator's source mutants (decision 0021): the one module named in
// `data` is loaded with `find` replaced by `replace`, compiled by esbuild; every other module
// loads as usual. Registered by cli.ts before it imports anything of the app.
import { readFileSync } from 'node:fs';
import { transformSync } from 'esbuild';

let target = null;

export function initialize(data) {
  target = data;
}

export async function load(url, context, nextLoad) {
  if (!target || url.split('?')[0] !== target.url) return nextLoad(url, context);
  const text = readFileSync(new URL(url), 'utf8');
  if (!text.includes(target.find)) throw new Error(`mutant ${target.name} no longer matches ${url}`);
  const patched = text.replace(target.find, target.replace);
  const { code } = transformSync(patched, { loader: 'ts', format: 'esm', sourcefile: url });
  return { format: 'module', source: code, shortCircuit: true };
}
