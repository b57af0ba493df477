import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret } from './crypto.ts';

describe('PIN encryption', () => {
  const key = randomBytes(32);

  it('round-trips and never stores the plain text', () => {
    const stored = encryptSecret('1234567890123456', key);
    expect(stored).not.toContain('1234567890123456');
    expect(stored.startsWith('v1.')).toBe(true);
    expect(decryptSecret(stored, key)).toBe('1234567890123456');
  });

  it('uses a fresh nonce each time', () => {
    expect(encryptSecret('same', key)).not.toBe(encryptSecret('same', key));
  });

  it('refuses a tampered value or a wrong key', () => {
    const stored = encryptSecret('1234', key);
    const parts = stored.split('.');
    parts[3] = Buffer.from('9999').toString('base64url');
    expect(() => decryptSecret(parts.join('.'), key)).toThrow();
    expect(() => decryptSecret(stored, randomBytes(32))).toThrow();
  });
});
