import {
  createCipheriv,
  createDecipheriv,
  createHmac,
  randomBytes,
  timingSafeEqual,
} from 'node:crypto';

/**
 * AES-256-GCM for E-PINs at rest (DESIGN §5). The stored form is "v1.<iv>.<tag>.<ciphertext>" in
 * base64url, so a later key rotation can add "v2" without a migration of the column type.
 */
export function encryptSecret(plain: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

export function decryptSecret(stored: string, key: Buffer): string {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined)
    throw new Error('Unknown secret format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(data, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}

/**
 * Values the server signs for the browser to bring back (cookies): `<body>.<HMAC-SHA256 of label
 * and body>` in base64url. `label` keeps one kind's values from being valid as another's. `open`
 * answers the body of a value signed with this key and label, else null (also when over 200
 * characters, so nobody makes the server hash a megabyte).
 */
export function createSignedValues(key: string, label: string) {
  const mac = (body: string) =>
    createHmac('sha256', key).update(`${label}:${body}`).digest('base64url');
  return {
    sign: (body: string): string => `${body}.${mac(body)}`,
    open(value: string | undefined): string | null {
      if (!value || value.length > 200) return null;
      const cut = value.lastIndexOf('.');
      if (cut <= 0) return null;
      const body = value.slice(0, cut);
      const given = Buffer.from(value.slice(cut + 1));
      const expected = Buffer.from(mac(body));
      return given.length === expected.length && timingSafeEqual(given, expected) ? body : null;
    },
  };
}
