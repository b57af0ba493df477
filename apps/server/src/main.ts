import fs from 'node:fs';
import path from 'node:path';
import pino from 'pino';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { seedDemoShop } from './db/seed.ts';
import { DEMO_ADMIN_LOGIN_FILE, ensureDemoAdmin } from './modules/admin/staff-accounts.ts';
import { openDatabase } from './platform/db.ts';
import { databaseTargetOf, DatabaseStartError, waitForDatabase } from './platform/db-start.ts';
import { acquireDataDirLock } from './platform/data-dir-lock.ts';
import { createMessaging } from './platform/messaging.ts';
import { defaultWebRoot } from './platform/paths.ts';
import { selectAcquirers } from './modules/payments/providers/index.ts';
import { reloadlySettingsOrStop } from './modules/fulfilment/providers/reloadly.ts';
import { resolveSecrets } from './platform/secrets.ts';
import { selectSmsGateway, smsStartWarning } from './modules/sms/sms.service.ts';

const startedAt = performance.now();

let config;
try {
  config = loadConfig();
  // A provider whose variables are missing stops the start here, before the database is touched.
  selectAcquirers({
    providers: config.paymentProviders,
    env: config.paymentProviderEnv,
    publicUrl: config.publicUrl,
  });
  selectSmsGateway(config);
  if (config.topupProvider === 'reloadly') reloadlySettingsOrStop(config.topupProviderEnv);
} catch (err) {
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(1);
  }
  throw err;
}

const logger = pino({ level: config.logLevel });
const smsWarning = smsStartWarning(config);
if (smsWarning) logger.warn({ outbox: path.join(config.dataDir, 'outbox') }, smsWarning);
/**
 * Ends the process once the log lines written so far are out: pino writes asynchronously, and a
 * process.exit right after a line could lose it (CI once read the start tries without the fatal
 * line that explains them).
 */
function exitAfterLogs(code: number): Promise<never> {
  return new Promise<never>(() => {
    logger.flush(() => process.exit(code));
  });
}
fs.mkdirSync(config.dataDir, { recursive: true });
// PGlite is one process's database: a second server on the same DATA_DIR would corrupt it.
const releaseLock = config.databaseUrl ? () => undefined : acquireDataDirLock(config.dataDir);
const secrets = resolveSecrets(config, (msg) => {
  logger.warn(msg);
});
const database = await openDatabase(
  config.databaseUrl
    ? {
        url: config.databaseUrl,
        preparedStatements: config.databasePreparedStatements,
        timeouts: {
          connectMs: config.database.connectTimeoutMs,
          queryMs: config.database.queryTimeoutMs,
        },
      }
    : { dataDir: config.dataDir },
);
if (config.databaseUrl) {
  // A PostgreSQL not up yet is waited for, a bounded time; then one clear line, no stack trace.
  try {
    await waitForDatabase(database, {
      target: databaseTargetOf(config.databaseUrl),
      timeoutMs: config.database.startTimeoutMs,
      log: (fields, message) => {
        logger.warn(fields, message);
      },
    });
  } catch (err) {
    if (!(err instanceof DatabaseStartError)) throw err;
    logger.fatal(err.details, err.message);
    await exitAfterLogs(1);
  }
}
await database.migrate();
if (config.seedDemoData) {
  const seeded = await database.withStartupLock(() => seedDemoShop(database.db, secrets));
  if (seeded) {
    logger.info('demo shop data seeded');
    // The demo's back-office login, made with the demo data (so only on the first start, never in
    // a shop that has its own catalogue) and printed that once (ADR 0033).
    const demoAdmin = await database.withStartupLock(() => ensureDemoAdmin(database.db));
    if (demoAdmin) {
      const login = [
        'Demo back-office login (shown only now, keep it):',
        `  email ${demoAdmin.email}  password ${demoAdmin.password}`,
        `  Sign in at ${config.publicUrl}/admin; the first sign-in sets up an authenticator app.`,
      ].join('\n');
      console.log(login);
      // Also kept beside the demo's database (readable by its owner only: whoever can read that
      // folder can read the database anyway), for an owner who missed the console, and the
      // browser tests.
      await fs.promises.writeFile(path.join(config.dataDir, DEMO_ADMIN_LOGIN_FILE), `${login}\n`, {
        mode: 0o600,
      });
    }
  }
}

const { mailer, sms } = createMessaging(config, config.dataDir, logger);
const app = await buildApp({
  config,
  database,
  secrets,
  mailer,
  sms,
  webRoot: defaultWebRoot,
  // Fastify 5 refuses a pino instance as `logger` (FST_ERR_LOG_INVALID_LOGGER_CONFIG): options.
  logger: { level: config.logLevel },
});

app.addHook('onClose', async () => {
  mailer.close();
  await database.close();
  releaseLock();
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'shutting down: finishing requests in flight');
  const force = setTimeout(() => {
    logger.error('shutdown took over 10 s, exiting');
    void exitAfterLogs(1);
  }, 10_000);
  force.unref();
  try {
    // Jobs in hand finish first (or, past the 10 s, are taken again after the restart).
    await app.stopJobWorker();
    await app.close();
    logger.info('stopped cleanly');
    await exitAfterLogs(0);
  } catch (err) {
    logger.error({ err }, 'error during shutdown');
    await exitAfterLogs(1);
  }
}
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
// Fulfilment and email jobs (ADR 0009): after listening, so the sandbox bank can reach us.
await app.startJobWorker();
logger.info(
  {
    url: config.publicUrl,
    database: database.kind,
    dataDir: path.relative(process.cwd(), config.dataDir) || '.',
    startupMs: Math.round(performance.now() - startedAt),
  },
  `shop ready at ${config.publicUrl}`,
);
