/**
 * Import cycles between rooms (issue 30): files import files, so no file-level cycle (import-x's
 * no-cycle) can still leave rooms that reach each other — orders → payments → orders. A room is a
 * server module (modules/<name>), a web feature (features/<name>), or a shared folder (platform,
 * db, components, lib, app…). Reads every relative import of the apps' sources (the code writes
 * them with their file extension) and returns the groups of rooms that reach each other
 * (strongly connected components of more than one room), largest first. Test files and the
 * test kits (src/test/) are left out.
 */
import fs from 'node:fs';
import path from 'node:path';

const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'(\.{1,2}\/[^']+)'/g;

function sourceFiles(dir) {
  const files = [];
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(full));
    else if (/\.(ts|tsx)$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name))
      files.push(full);
  }
  return files;
}

/** The room a source file is in: "server:modules/orders", "web:features/cart", "web:lib", "server:app.ts"… */
function roomOf(root, file) {
  const relative = path.relative(root, file).split(path.sep);
  // apps/<app>/src/<folder>[/<name>]/…
  const [, app, , folder, name] = relative;
  if (!folder) return null;
  // Tests and their kits may reach into every room to set up its state.
  if (folder === 'test') return null;
  const nested = folder === 'modules' || folder === 'features';
  if (nested && relative.length > 5) return `${app}:${folder}/${name}`;
  // A file at src/ is a room of its own: config.ts is below everything, app.ts above everything.
  return `${app}:${folder}`;
}

/** Tarjan's strongly connected components of the room graph. */
function components(graph) {
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    indices.set(node, index);
    low.set(node, index);
    index += 1;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node), indices.get(next)));
    }
    if (low.get(node) === indices.get(node)) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        group.push(member);
      } while (member !== node);
      found.push(group.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return found;
}

/** @param {string} root the repository's root */
export function roomCycles(root) {
  const graph = new Map();
  for (const app of ['server', 'web']) {
    for (const file of sourceFiles(path.join(root, 'apps', app, 'src'))) {
      const from = roomOf(root, file);
      if (!from) continue;
      if (!graph.has(from)) graph.set(from, new Set());
      for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(IMPORT)) {
        const to = roomOf(root, path.resolve(path.dirname(file), specifier));
        if (to && to !== from) graph.get(from).add(to);
      }
    }
  }
  return components(graph)
    .filter((group) => group.length > 1)
    .sort((a, b) => b.length - a.length);
}
