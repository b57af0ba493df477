/**
 * The rooms of the code and the arrows allowed between them (issue 30; README "Architecture"), as
 * zones of eslint-plugin-import-x's no-restricted-paths: each zone forbids files under `target`
 * to import files under `from` (except the listed public entries).
 *
 * - Server: platform/ knows no module; a module does not import another module's tables or repo
 *   (it calls that module's service, passing the transaction where it needs atomicity).
 * - Web: shared components/ and lib/ know no feature; a feature reaches another only through that
 *   feature's public index.ts.
 * - Contracts (the types both sides share) import nothing of the apps.
 */
import fs from 'node:fs';
import path from 'node:path';

const foldersIn = (dir) =>
  fs
    .readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();

/** @param {string} root the repository's root */
export function boundaryZones(root) {
  const server = 'apps/server/src';
  const web = 'apps/web/src';
  const modules = foldersIn(path.join(root, server, 'modules'));
  const features = foldersIn(path.join(root, web, 'features'));
  return [
    {
      target: `./${server}/platform`,
      from: `./${server}/modules`,
      message: 'platform/ knows no module: the module registers itself with the platform.',
    },
    ...modules.flatMap((name) => [
      {
        target: `./${server}/modules/!(${name})/**/!(*.tables).ts`,
        from: [
          `./${server}/modules/${name}/**/*.repo.ts`,
          `./${server}/modules/${name}/**/*.tables.ts`,
        ],
        message: `The ${name} module's tables and repo are its own: call its service.`,
      },
      // A table may name another module's table in a foreign key (ADR 0073); the foreignKeysOnly
      // check below holds it to that.
      {
        target: `./${server}/modules/!(${name})/**/*.tables.ts`,
        from: `./${server}/modules/${name}/**/*.repo.ts`,
        message: `The ${name} module's repo is its own: a table names another module's table only in a foreign key.`,
      },
    ]),
    {
      target: [`./${web}/components`, `./${web}/lib`],
      from: `./${web}/features`,
      message: 'Shared components/ and lib/ know no feature: take it as a prop or move it down.',
    },
    ...features.map((name) => ({
      target: `./${web}/features/!(${name})/**/*`,
      from: `./${web}/features/${name}`,
      except: ['./index.ts'],
      message: `Another feature uses ${name} through its public index.ts only.`,
    })),
    {
      target: './packages/contracts',
      from: './apps',
      message: 'The contracts import nothing of the apps.',
    },
  ];
}

/**
 * ADR 0073: a module's `*.tables.ts` may import another module's tables for two things only — a
 * foreign key (`.references(() => table.column)`, or platform/columns.ts's
 * `uuidRef('column', () => table.column)`) and a column of that module's database enum type
 * (`kind('kind')`). Returns each other use as "file: name" (the lint fails on any).
 * @param {string} root the repository's root
 */
export function tablesBeyondForeignKeys(root) {
  const dir = path.join(root, 'apps/server/src/modules');
  const found = [];
  for (const name of foldersIn(dir)) {
    for (const file of fs.readdirSync(path.join(dir, name))) {
      if (!file.endsWith('.tables.ts')) continue;
      const text = fs
        .readFileSync(path.join(dir, name, file), 'utf8')
        .replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
      const imports = /import\s*{([^}]*)}\s*from\s*'\.\.\/([a-z-]+)\/[^']*\.tables\.ts';/g;
      // The rest of the file without its strings: a name in a string is no use of the table.
      const body = text.replace(imports, '').replace(/'(?:[^'\\\n]|\\.)*'/g, "''");
      for (const [, names, other] of text.matchAll(imports)) {
        if (other === name) continue;
        for (const imported of names.split(',').map((n) =>
          n
            .trim()
            .split(/\s+as\s+/)
            .pop(),
        )) {
          if (!imported) continue;
          for (const use of body.matchAll(new RegExp(`\\b${imported}\\b`, 'g'))) {
            const before = body.slice(0, use.index);
            const after = body.slice(use.index + imported.length);
            // `.references(() => t.id)`, or platform/columns.ts's `uuidRef('col', () => t.id)`.
            const foreignKey =
              /(?:\.references\(|\buuidRef\(\s*''\s*,)\s*\(\)(?:\s*:\s*\w+)?\s*=>\s*$/.test(
                before,
              ) && /^\.\w+/.test(after);
            const enumColumn = /^\(''\)/.test(after);
            if (!foreignKey && !enumColumn)
              found.push(
                `apps/server/src/modules/${name}/${file}: ${imported}${after.slice(0, 30)}`,
              );
          }
        }
      }
    }
  }
  return found;
}
