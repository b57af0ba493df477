import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package folder, found by walking up from this file: the same answer whether the code
 * runs from src/ (tsx, tests) or bundled in dist/.
 */
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (fs.existsSync(path.join(dir, 'drizzle', 'meta', '_journal.json'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir)
      throw new Error('Cannot find the server folder (drizzle/ migrations missing)');
    dir = parent;
  }
}

export const serverRoot = findServerRoot();
export const migrationsFolder = path.join(serverRoot, 'drizzle');
export const defaultWebRoot = path.resolve(serverRoot, '..', 'web', 'dist');
export const assetsFolder = path.join(serverRoot, 'assets');
