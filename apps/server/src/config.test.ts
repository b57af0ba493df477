import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('starts with no configuration at all', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe(path.resolve('./data'));
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.seedDemoData).toBe(true);
  });

  it('reads every documented variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '127.0.0.1',
      DATA_DIR: '/var/lib/shop',
      DATABASE_URL: 'postgres://u@db:5432/shop',
      REDIS_URL: 'redis://cache:6379',
      PUBLIC_URL: 'https://shop.example/',
      SMTP_URL: 'smtp://mail:25',
      LOG_LEVEL: 'debug',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/var/lib/shop',
      databaseUrl: 'postgres://u@db:5432/shop',
      redisUrl: 'redis://cache:6379',
      publicUrl: 'https://shop.example',
      smtpUrl: 'smtp://mail:25',
      logLevel: 'debug',
    });
  });

  it('reads an optional image CDN origin and refuses anything but an origin', () => {
    expect(loadConfig({}).imageCdnOrigin).toBeNull();
    expect(loadConfig({ IMAGE_CDN_ORIGIN: 'https://IMG.example.com/' }).imageCdnOrigin).toBe(
      'https://img.example.com',
    );
    expect(loadConfig({ IMAGE_CDN_ORIGIN: 'http://cdn.test:8080' }).imageCdnOrigin).toBe(
      'http://cdn.test:8080',
    );
    for (const bad of [
      'img.example.com',
      'https://img.example.com/path',
      "https://a.b 'unsafe-inline'",
    ]) {
      expect(() => loadConfig({ IMAGE_CDN_ORIGIN: bad }), bad).toThrow(
        /IMAGE_CDN_ORIGIN: must be an origin/,
      );
    }
  });

  it('reads an optional metrics token and refuses a short or header-unsafe one', () => {
    expect(loadConfig({}).metricsToken).toBeNull();
    expect(loadConfig({ METRICS_TOKEN: '' }).metricsToken).toBeNull();
    const token = 'Zm9vYmFyYmF6cXV4Cg-_.~+/0123456789abcdef==';
    expect(loadConfig({ METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(
      /METRICS_TOKEN: must be at least 32 characters/,
    );
    for (const bad of ['a'.repeat(32) + ' b', 'a'.repeat(32) + '"', 'ä'.repeat(40)])
      expect(() => loadConfig({ METRICS_TOKEN: bad }), bad).toThrow(
        /METRICS_TOKEN: must be letters, digits and -._~\+\/ \(a bearer token\)/,
      );
  });

  it('caps connections per address when reached directly, not behind the proxy (ADR 0048)', () => {
    expect(loadConfig({}).http).toMatchObject({
      maxConnectionsPerAddress: 100,
      firstByteTimeoutMs: 5000,
    });
    expect(loadConfig({ TRUST_PROXY: 'true' }).http.maxConnectionsPerAddress).toBe(0);
    expect(
      loadConfig({ TRUST_PROXY: 'true', HTTP_MAX_CONNECTIONS_PER_ADDRESS: '500' }).http
        .maxConnectionsPerAddress,
    ).toBe(500);
    expect(
      loadConfig({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: '0' }).http.maxConnectionsPerAddress,
    ).toBe(0);
  });

  it('treats empty values as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeUndefined();
  });

  it('fails fast listing every bad key', () => {
    const attempt = () =>
      loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', LOG_LEVEL: 'loud' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*LOG_LEVEL|PORT/);
    try {
      attempt();
    } catch (err) {
      const message = (err as Error).message;
      expect(message).toContain('PORT');
      expect(message).toContain('DATABASE_URL: must be a postgres:// URL');
      expect(message).toContain('LOG_LEVEL');
    }
  });

  it('has no payment acquirer unless one is named; the sandbox in production only when allowed', () => {
    expect(loadConfig({}).paymentProviders).toEqual([]);
    expect(loadConfig({ NODE_ENV: 'test', PAYMENT_PROVIDER: 'sandbox' }).paymentProviders).toEqual([
      'sandbox',
    ]);
    expect(
      loadConfig({ NODE_ENV: 'development', PAYMENT_PROVIDER: 'sandbox' }).paymentProviders,
    ).toEqual(['sandbox']);
    // NODE_ENV defaults to production: the sandbox bank (which takes no money) is refused there.
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'sandbox' })).toThrow(
      /PAYMENT_PROVIDER: the sandbox bank takes no money; with NODE_ENV=production set ALLOW_SANDBOX=true/,
    );
    expect(() =>
      loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox', ALLOW_SANDBOX: 'false' }),
    ).toThrow(ConfigError);
    expect(
      loadConfig({ NODE_ENV: 'production', PAYMENT_PROVIDER: 'sandbox', ALLOW_SANDBOX: 'true' })
        .paymentProviders,
    ).toEqual(['sandbox']);
    // Several, in order; each reads its own variables only.
    const several = loadConfig({
      PAYMENT_PROVIDER: 'kbzpay,wave',
      KBZPAY_APP_ID: 'a',
      WAVE_MERCHANT_ID: 'w',
      JWT_SECRET_OTHER: 'x',
    });
    expect(several.paymentProviders).toEqual(['kbzpay', 'wave']);
    expect(several.paymentProviderEnv).toEqual({ KBZPAY_APP_ID: 'a', WAVE_MERCHANT_ID: 'w' });
    expect(() => loadConfig({ PAYMENT_PROVIDER: 'kbzpay;wave' })).toThrow(/PAYMENT_PROVIDER/);
    expect(() => loadConfig({ ALLOW_SANDBOX: 'yes' })).toThrow(/ALLOW_SANDBOX/);
  });

  it('takes a job attempt limit from 1 to 20 (the browser tests give up soon)', () => {
    expect(loadConfig({ JOB_MAX_ATTEMPTS: '3' }).jobMaxAttempts).toBe(3);
    expect(() => loadConfig({ JOB_MAX_ATTEMPTS: '0' })).toThrow(/JOB_MAX_ATTEMPTS/);
    expect(() => loadConfig({ JOB_MAX_ATTEMPTS: '21' })).toThrow(/JOB_MAX_ATTEMPTS/);
  });

  it('has the documented fulfilment and loyalty defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      topupProvider: 'simulator',
      topupSimulatorMaxDelayMs: 300,
      jobLeaseSeconds: 30,
      jobConcurrency: 4,
      jobMaxAttempts: 10,
      loyalty: {
        tiers: [
          { name: 'bronze', minPoints: 0, discountPercent: 0 },
          { name: 'silver', minPoints: 500, discountPercent: 1 },
          { name: 'gold', minPoints: 2000, discountPercent: 2 },
          { name: 'platinum', minPoints: 5000, discountPercent: 3 },
        ],
        pointsPer1000Mmk: 1,
        pointValueMmk: 10,
      },
    });
  });

  it('reads loyalty tiers and refuses tiers that do not start at 0 and rise', () => {
    const config = loadConfig({
      LOYALTY_TIER_POINTS: '0, 100, 200, 300',
      LOYALTY_TIER_DISCOUNTS: '0,2.5,5,10',
    });
    expect(config.loyalty.tiers.map((t) => [t.minPoints, t.discountPercent])).toEqual([
      [0, 0],
      [100, 2.5],
      [200, 5],
      [300, 10],
    ]);
    expect(() => loadConfig({ LOYALTY_TIER_POINTS: '10,100,200,300' })).toThrow(
      /LOYALTY_TIER_POINTS: must start at 0 and rise/,
    );
    expect(() => loadConfig({ LOYALTY_TIER_POINTS: '0,300,200,400' })).toThrow(ConfigError);
    expect(() => loadConfig({ LOYALTY_TIER_DISCOUNTS: '0,1,2' })).toThrow(
      /LOYALTY_TIER_DISCOUNTS: must be 4 comma-separated/,
    );
    expect(() => loadConfig({ LOYALTY_TIER_DISCOUNTS: '0,1,2,60' })).toThrow(
      /each must be 0 to 50/,
    );
  });
});
