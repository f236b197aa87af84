// Part of `npm run lint`: the server's features, and the client's, form no import cycle
// (docs/architecture.md, "Features and their public entries"). ESLint sees one file at a time, so the
// graph is read here: feature A depends on feature B when a file of A (tests aside) imports anything
// under B. A cycle is reported with the import that makes each of its edges, to be cut where cheapest.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

const importPattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)['"]([^'"]+)['"]/g;

function sourceFiles(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The edges of `featuresDir`'s features that lie on a cycle, each with the import that makes it. */
function edgesOnCycles(featuresDir) {
  const features = fs
    .readdirSync(featuresDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

  /** feature → (feature it imports → the first `file:line` that does) */
  const graph = new Map(features.map((name) => [name, new Map()]));
  for (const feature of features) {
    for (const file of sourceFiles(path.join(featuresDir, feature))) {
      const lines = fs.readFileSync(file, 'utf8').split('\n');
      lines.forEach((line, index) => {
        for (const match of line.matchAll(importPattern)) {
          if (!match[1].startsWith('.')) continue;
          const target = path.relative(featuresDir, path.resolve(path.dirname(file), match[1]));
          const other = target.split(path.sep)[0];
          if (target.startsWith('..') || other === feature || !graph.has(other)) continue;
          const edges = graph.get(feature);
          if (!edges.has(other)) edges.set(other, `${path.relative(root, file)}:${index + 1}`);
        }
      });
    }
  }

  // Tarjan's strongly connected components: every edge inside one of more than one feature is on a cycle.
  const order = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  function visit(node) {
    order.set(node, order.size);
    low.set(node, order.get(node));
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node).keys()) {
      if (!order.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), order.get(next)));
      }
    }
    if (low.get(node) === order.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(new Set(component));
    }
  }
  for (const feature of features) if (!order.has(feature)) visit(feature);

  return components.flatMap((component) =>
    [...component].flatMap((from) =>
      [...graph.get(from)]
        .filter(([to]) => component.has(to))
        .map(([to, where]) => `  ${from} -> ${to}  (${where})`),
    ),
  );
}

let failed = false;
for (const side of ['server', 'client']) {
  const cycles = edgesOnCycles(path.join(root, side, 'src/features'));
  if (!cycles.length) continue;
  failed = true;
  console.error(`The ${side}'s features import each other in a cycle; cut one of these imports:`);
  console.error(cycles.join('\n'));
}
if (failed) process.exit(1);
