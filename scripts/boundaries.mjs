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
    ...modules.map((name) => ({
      target: `./${server}/modules/!(${name})/**/*`,
      from: [
        `./${server}/modules/${name}/**/*.repo.ts`,
        `./${server}/modules/${name}/**/*.tables.ts`,
      ],
      message: `The ${name} module's tables and repo are its own: call its service.`,
    })),
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
