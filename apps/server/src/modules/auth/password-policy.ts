import fs from 'node:fs';
import path from 'node:path';
import argon2 from 'argon2';
import { authMessages, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@shop/contracts/auth';
import { serverRoot } from '../../platform/paths.ts';

/**
 * The 10,000 most common passwords of 8 to 128 characters (shorter ones fail the length rule
 * anyway), lower-cased, in order of frequency. Source: the ranked list of @zxcvbn-ts/language-common
 * 4.1.3 (MIT; itself from the Xato 10-million-password corpus). DESIGN §5: "ship at least the top
 * 10,000"; NIST SP 800-63B 3.1.1.2 asks to refuse passwords from such lists.
 */
// Found from the server folder, not import.meta.url: the bundled dist/main.js sits elsewhere.
const listFile = path.join(serverRoot, 'src', 'modules', 'auth', 'common-passwords.txt');

let commonPasswords: Set<string> | undefined;
function loadCommonPasswords(): Set<string> {
  commonPasswords ??= new Set(
    fs
      .readFileSync(listFile, 'utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
  );
  return commonPasswords;
}

export const commonPasswordCount = (): number => loadCommonPasswords().size;

/** Length by code points, so a password in Burmese script is not counted by UTF-16 units. */
export function passwordProblem(password: string): string | null {
  const length = Array.from(password).length;
  if (length < PASSWORD_MIN_LENGTH) return authMessages.passwordTooShort;
  if (length > PASSWORD_MAX_LENGTH) return authMessages.passwordTooLong;
  if (loadCommonPasswords().has(password.toLowerCase())) return authMessages.passwordTooCommon;
  return null;
}

/** OWASP Password Storage Cheat Sheet minimum for argon2id: m=19 MiB, t=2, p=1. */
const hashOptions = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string): Promise<string> =>
  argon2.hash(password, hashOptions);

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/**
 * Spends the time of one real verification when the account does not exist, so the answer time
 * does not tell which phone numbers and emails are registered.
 */
export async function verifyAgainstDummy(password: string): Promise<void> {
  dummyHash ??= hashPassword('dummy password that never matches');
  await verifyPassword(await dummyHash, password);
}
