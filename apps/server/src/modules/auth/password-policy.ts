import fs from 'node:fs';
import path from 'node:path';
import argon2 from 'argon2';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, passwordMessages } from '@shop/contracts/auth';
import type { Language } from '@shop/contracts/i18n';
import { assetsFolder } from '../../platform/paths.ts';
import { parseBloomFilter, type BloomFilter } from './bloom-filter.ts';

/**
 * Breached and common passwords (ADR 0016): the 474,743 passwords of 8 to 128 characters among
 * the top million of the SecLists / Xato 10-million-password corpus, lower-cased, as a Bloom
 * filter at a 0.1 % false-positive rate (833 KiB). Built by build-password-filter-cli.ts; found
 * from the server folder, not import.meta.url, because the bundled dist/main.js sits elsewhere.
 * NIST SP 800-63B 3.1.1.2 and ASVS 5.0 V6.2 ask to refuse passwords from such lists.
 */
export const breachedPasswordFilterFile = path.join(assetsFolder, 'breached-passwords.bloom');

let breached: BloomFilter | undefined;
/** Read once, on the first password checked (about 1 ms and 0.8 MB). */
export function breachedPasswords(): BloomFilter {
  breached ??= parseBloomFilter(fs.readFileSync(breachedPasswordFilterFile));
  return breached;
}

/** The shop's name, which no password may contain (ASVS 5.0 6.2.11: context-specific words). */
export const SHOP_NAME = 'MyanTopup';
/**
 * Name and e-mail parts shorter than this are not looked for: "Mo" or "Su" would refuse half of
 * all passwords without making any of them safer.
 */
export const PERSONAL_TOKEN_MIN_LENGTH = 4;

/** Who the password is for: its name, e-mail address and phone number (95 form). */
export interface PasswordOwner {
  name: string;
  email: string;
  phoneNumber: string;
}

/** Lower case, letters and digits only: "Myan-Topup" and "myan topup" both read "myantopup". */
const squash = (text: string) =>
  text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}]/gu, '');

/** The words a password must not contain, squashed. */
function personalTokens(owner: PasswordOwner): string[] {
  const local = owner.email.split('@')[0] ?? '';
  const words = [
    local,
    ...local.split(/[^\p{L}\p{M}\p{N}]+/u),
    owner.name,
    ...owner.name.split(/[\s\p{P}]+/u),
  ];
  const tokens = words
    .map(squash)
    .filter((token) => Array.from(token).length >= PERSONAL_TOKEN_MIN_LENGTH);
  // The national number without the country code and leading 9 (959250000000 → 250000000) is in
  // every spelling of it: 09250000000, +95 9 250 000 000, 959250000000.
  const subscriber = owner.phoneNumber.replace(/^959?/, '');
  if (subscriber.length >= 6) tokens.push(subscriber);
  return tokens;
}

/**
 * The first rule a new password breaks, as a message in the given language, or null. Length is
 * counted in code points, so a password in Burmese script is not counted by UTF-16 units.
 */
export function passwordProblem(
  password: string,
  owner: PasswordOwner,
  language: Language,
): string | null {
  const length = Array.from(password).length;
  if (length === 0) return passwordMessages.enterNew[language];
  if (length < PASSWORD_MIN_LENGTH) return passwordMessages.tooShort[language];
  if (length > PASSWORD_MAX_LENGTH) return passwordMessages.tooLong[language];
  const squashed = squash(password);
  if (squashed.includes(squash(SHOP_NAME))) return passwordMessages.hasShopName[language];
  if (personalTokens(owner).some((token) => squashed.includes(token)))
    return passwordMessages.hasPersonalInfo[language];
  if (breachedPasswords().has(password.toLowerCase())) return passwordMessages.tooCommon[language];
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
