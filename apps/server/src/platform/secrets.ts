import { createECDH, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';

export interface Secrets {
  /** HMAC key for access tokens (HS256, the only algorithm accepted). */
  jwtSecret: string;
  /** AES-256-GCM key for E-PINs at rest, 32 bytes. */
  pinEncryptionKey: Buffer;
  /** Shared secret for acquirer webhooks. */
  paymentWebhookSecret: string;
  /** Web Push VAPID key pair (P-256), base64url: 65-byte public point, 32-byte private key. */
  vapid: { publicKey: string; privateKey: string };
}

interface StoredSecrets {
  jwtSecret?: string;
  pinEncryptionKey?: string;
  paymentWebhookSecret?: string;
  vapidPublicKey?: string;
  vapidPrivateKey?: string;
}

/**
 * Secrets come from the environment; any that is absent is generated once and kept in
 * DATA_DIR/secrets.json (mode 0600), with a warning: fine for one machine, but several instances
 * must share them through the environment.
 */
export function resolveSecrets(config: Config, warn: (msg: string) => void): Secrets {
  const file = path.join(config.dataDir, 'secrets.json');
  const stored: StoredSecrets = fs.existsSync(file)
    ? (JSON.parse(fs.readFileSync(file, 'utf8')) as StoredSecrets)
    : {};
  const generated: string[] = [];
  const pick = (fromEnv: string | undefined, key: keyof StoredSecrets, make: () => string) => {
    if (fromEnv) return fromEnv;
    const existing = stored[key];
    if (existing) return existing;
    const value = make();
    stored[key] = value;
    generated.push(key);
    return value;
  };
  const jwtSecret = pick(config.secrets.jwtSecret, 'jwtSecret', () =>
    randomBytes(48).toString('base64url'),
  );
  const pinKey = pick(config.secrets.pinEncryptionKey, 'pinEncryptionKey', () =>
    randomBytes(32).toString('base64'),
  );
  const paymentWebhookSecret = pick(
    config.secrets.paymentWebhookSecret,
    'paymentWebhookSecret',
    () => randomBytes(32).toString('base64url'),
  );
  // A key pair: from the environment, else the stored pair, else a new pair (never half of each).
  let vapid = config.secrets.vapid;
  if (!vapid && stored.vapidPublicKey && stored.vapidPrivateKey)
    vapid = { publicKey: stored.vapidPublicKey, privateKey: stored.vapidPrivateKey };
  if (!vapid) {
    vapid = generateVapidKeys();
    stored.vapidPublicKey = vapid.publicKey;
    stored.vapidPrivateKey = vapid.privateKey;
    generated.push('vapidPublicKey', 'vapidPrivateKey');
  }
  if (generated.length) {
    fs.mkdirSync(config.dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(stored, null, 2), { mode: 0o600 });
    warn(
      `Generated ${generated.join(', ')} and stored them in ${file}. ` +
        'Set JWT_SECRET, PIN_ENCRYPTION_KEY, PAYMENT_WEBHOOK_SECRET, VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when running several instances.',
    );
  }
  return {
    jwtSecret,
    pinEncryptionKey: Buffer.from(pinKey, 'base64'),
    paymentWebhookSecret,
    vapid,
  };
}

/** The private scalar of a P-256 key as push services and our configuration expect it: always
 * 32 bytes. Node drops leading zero bytes (one key in 256 has one), which web-push refuses. */
export function p256PrivateKeyBase64url(scalar: Buffer): string {
  const padded = Buffer.alloc(32);
  scalar.copy(padded, 32 - scalar.length);
  return padded.toString('base64url');
}

/** A new VAPID key pair (P-256, uncompressed public key), both halves base64url. */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey().toString('base64url'),
    privateKey: p256PrivateKeyBase64url(ecdh.getPrivateKey()),
  };
}
