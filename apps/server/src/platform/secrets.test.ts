import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { resolveSecrets } from './secrets.ts';

describe('resolveSecrets', () => {
  it('generates absent secrets once, warns, and reuses them on the next start', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'secrets-'));
    const config = loadConfig({ DATA_DIR: dataDir });
    const warnings: string[] = [];
    const first = resolveSecrets(config, (m) => warnings.push(m));
    expect(warnings).toHaveLength(1);
    expect(first.pinEncryptionKey).toHaveLength(32);
    expect(fs.statSync(path.join(dataDir, 'secrets.json')).mode & 0o777).toBe(0o600);
    const second = resolveSecrets(config, (m) => warnings.push(m));
    expect(warnings).toHaveLength(1);
    expect(second.jwtSecret).toBe(first.jwtSecret);
    expect(second.pinEncryptionKey.equals(first.pinEncryptionKey)).toBe(true);
    fs.rmSync(dataDir, { recursive: true });
  });

  it('prefers the environment and generates nothing then', () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'secrets-'));
    const key = Buffer.alloc(32, 7).toString('base64');
    const config = loadConfig({
      DATA_DIR: dataDir,
      JWT_SECRET: 'j'.repeat(40),
      PIN_ENCRYPTION_KEY: key,
      PAYMENT_WEBHOOK_SECRET: 'w'.repeat(40),
    });
    const warnings: string[] = [];
    const secrets = resolveSecrets(config, (m) => warnings.push(m));
    expect(warnings).toEqual([]);
    expect(secrets.jwtSecret).toBe('j'.repeat(40));
    expect(secrets.pinEncryptionKey.toString('base64')).toBe(key);
    expect(fs.existsSync(path.join(dataDir, 'secrets.json'))).toBe(false);
    fs.rmSync(dataDir, { recursive: true });
  });
});
