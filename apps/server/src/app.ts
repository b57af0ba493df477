import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import helmet from 'helmet';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { paymentStatuses } from '@shop/contracts/checkout';
import { orderStatuses } from '@shop/contracts/order-status';
import { refundDestinations, refundStatuses } from '@shop/contracts/orders';
import type { Config } from './config.ts';
import { isAccountBlocked } from './modules/auth/account-block.ts';
import { createAccessTokens } from './modules/auth/access-token.ts';
import { registerAuthModule } from './modules/auth/auth.module.ts';
import { registerAdminAccess, registerAdminModule } from './modules/admin/admin.module.ts';
import { registerFulfilmentModule } from './modules/fulfilment/fulfilment.module.ts';
import type { TopupProvider } from './modules/fulfilment/topup-provider.ts';
import { registerLoyaltyModule } from './modules/loyalty/loyalty.module.ts';
import { registerCartModule } from './modules/cart/cart.module.ts';
import { registerCatalogueModule } from './modules/catalogue/catalogue.module.ts';
import { registerMediaModule } from './modules/media/media.module.ts';
import { registerNotificationsModule } from './modules/notifications/notifications.module.ts';
import { registerOrderHistoryModule } from './modules/order-history/order-history.module.ts';
import {
  createAcquirers,
  receiptOutcomes,
  registerPaymentsModule,
} from './modules/payments/payments.module.ts';
import { registerCheckoutModule } from './modules/checkout/checkout.module.ts';
import { registerPromotionsModule } from './modules/promotions/promotions.module.ts';
import { registerSharingModule } from './modules/sharing/sharing.module.ts';
import { registerSiteModule } from './modules/site/site.module.ts';
import { registerSmsModule } from './modules/sms/sms.module.ts';
import { registerRecipientsModule } from './modules/recipients/recipients.module.ts';
import { registerTopupRequestsModule } from './modules/topup-requests/topup-requests.module.ts';
import { registerRefundsModule } from './modules/refunds/refunds.module.ts';
import { unappliedRefunds } from './modules/refunds/refunds.service.ts';
import {
  cachedResponse,
  COMPRESS_MIN_BYTES,
  sendCachedResponse,
  type CachedResponse,
} from './platform/cache.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { limitConnections } from './platform/connection-limits.ts';
import type { Database } from './platform/db.ts';
import {
  AppError,
  errorBody,
  registerErrorHandler,
  sendFrameworkError,
} from './platform/errors.ts';
import {
  registerContentEncodingGuard,
  registerPrivateByDefault,
  registerUnstorableTextGuard,
} from './platform/http.ts';
import { countOpenJobs } from './platform/jobs.ts';
import { createMediaUrls } from './platform/media.ts';
import {
  registerTopupAccountModule,
  type TopupAccountService,
} from './modules/topup-account/topup-account.module.ts';
import { mappingToSendOf } from './modules/topup-account/topup-mappings.ts';
import {
  createShopMetrics,
  registerHttpMetrics,
  registerMetricsRoute,
} from './platform/metrics.ts';
import { createRedisClient } from './platform/redis.ts';
import { registerRequestLimits } from './platform/request-limits.ts';
import type { Mailer, SmsSender } from './platform/messaging.ts';
import {
  installableInEachLanguage,
  loadServerRenderer,
  pageLanguage,
} from './platform/server-render.ts';
import { assetsFolder } from './platform/paths.ts';
import type { Secrets } from './platform/secrets.ts';

export interface AppDeps {
  config: Config;
  database: Database;
  secrets: Secrets;
  mailer: Mailer;
  sms: SmsSender;
  /** Folder of the built web app; when it does not exist only the API is served. */
  webRoot: string;
  logger: FastifyServerOptions['logger'];
  /** Time source of expiring things (tokens, codes, rate windows); tests pass a movable one. */
  clock?: Clock;
  /** Tests may replace the top-up aggregator. */
  topupProvider?: TopupProvider;
}

const REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** Powerful features the shop never uses are off for it and anything it embeds. */
const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(), payment=(), usb=(), serial=(), hid=(), bluetooth=(), midi=(), magnetometer=(), gyroscope=(), accelerometer=(), browsing-topics=()';

/**
 * The headers a Connect-style middleware that only sets headers (helmet) sets on every answer, by
 * running it once against a stand-in response. Throws if it fails or answers by itself.
 */
function headersOf(
  middleware: (req: IncomingMessage, res: ServerResponse, next: (err?: unknown) => void) => void,
): Record<string, string> {
  const req = new IncomingMessage(new Socket());
  const res = new ServerResponse(req);
  const outcome: { finished: boolean; err?: unknown } = { finished: false };
  middleware(req, res, (err?: unknown) => {
    outcome.finished = true;
    outcome.err = err;
  });
  if (!outcome.finished || outcome.err !== undefined)
    throw new Error('the header middleware did not finish at once', { cause: outcome.err });
  return Object.fromEntries(
    Object.entries(res.getHeaders()).map(([name, value]) => [
      name,
      Array.isArray(value) ? value.join(', ') : String(value),
    ]),
  );
}

/** Builds the whole server without listening (DESIGN §3.5): main.ts listens, tests inject. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger,
    trustProxy: config.trustProxy,
    // A client's x-request-id is kept only when it is a plain short id (it goes into logs).
    requestIdHeader: false,
    genReqId: (request) => {
      const given = request.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    bodyLimit: 256 * 1024,
    // Ctrl-C: idle keep-alive sockets are closed at once; requests in flight still finish.
    forceCloseConnections: 'idle',
    // Slow clients (ADR 0025): headers and the whole request must arrive in time (else 408 and
    // the socket closes), checked every second; idle keep-alive sockets close.
    http: {
      headersTimeout: config.http.headersTimeoutMs,
      requestTimeout: config.http.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, config.http.headersTimeoutMs),
    },
    requestTimeout: config.http.requestTimeoutMs,
    keepAliveTimeout: config.http.keepAliveTimeoutMs,
    maxRequestsPerSocket: 1000,
    // Router errors (bad %-escapes, over-long path parameters) answer with the API's error body.
    frameworkErrors: sendFrameworkError,
  });
  // Sockets beyond the cap are closed as they come, so the process keeps files for its database,
  // Redis and job worker.
  app.server.maxConnections = config.http.maxConnections;
  // And one address cannot take them all, nor a socket stay open without a word (ADR 0048).
  limitConnections(
    app.server,
    {
      perAddress: config.http.maxConnectionsPerAddress,
      firstByteTimeoutMs: config.http.firstByteTimeoutMs,
    },
    (details, message) => {
      app.log.warn(details, message);
    },
  );
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  registerContentEncodingGuard(app);
  registerUnstorableTextGuard(app);
  // Prometheus metrics (ADR 0034), only with a METRICS_TOKEN: the HTTP histogram's hook first.
  const metrics = config.metricsToken ? createShopMetrics() : null;
  if (metrics) registerHttpMetrics(app, metrics);

  // A callback hook, not an async one: no promise per answer on every request's path.
  app.addHook('onSend', (request, reply, payload, done) => {
    reply.header('x-request-id', request.id);
    done(null, payload);
  });
  registerPrivateByDefault(app);

  const https = config.publicUrl.startsWith('https://');
  // Helmet's headers depend on the configuration only: worked out once here and set on each answer
  // as Fastify headers. Running helmet's middlewares per request cost about a fifth of the CPU of
  // a cached catalogue answer (@fastify/helmet even re-parsed the CSP each time), and headers set
  // on the raw response make Node copy and re-check every header of the answer.
  const securityHeaders = {
    'permissions-policy': PERMISSIONS_POLICY,
    ...headersOf(
      helmet({
        contentSecurityPolicy: {
          useDefaults: false,
          directives: {
            defaultSrc: ["'self'"],
            scriptSrc: ["'self'"],
            styleSrc: ["'self'"],
            // Style attributes in the server-rendered HTML (header tint, banner backdrop and slide
            // position): CSS declarations only, no script and no selectors (ADR 0027).
            styleSrcAttr: ["'unsafe-inline'"],
            // The shop's own images are root-relative (any host name works); a CDN only if configured.
            imgSrc: [
              "'self'",
              'data:',
              'blob:',
              ...(config.imageCdnOrigin ? [config.imageCdnOrigin] : []),
            ],
            fontSrc: ["'self'"],
            connectSrc: ["'self'"],
            manifestSrc: ["'self'"],
            workerSrc: ["'self'"],
            objectSrc: ["'none'"],
            baseUri: ["'none'"],
            frameAncestors: ["'none'"],
            formAction: ["'self'"],
            ...(https ? { upgradeInsecureRequests: [] } : {}),
          },
        },
        // Only over HTTPS: on plain http (a LAN demo) it would be ignored, or pin a name to https.
        strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
        referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
        crossOriginEmbedderPolicy: false,
      }),
    ),
  };
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(securityHeaders);
    done();
  });
  await app.register(fastifyCookie);
  // Other answers (API JSON, the app page) compressed on the fly above 1 KiB, fast settings; the
  // catalogue's cached answers and the built assets come compressed already and are left alone.
  await app.register(fastifyCompress, {
    global: true,
    // Compressed request bodies are refused before they are read (registerContentEncodingGuard):
    // the plugin's inflating hook on every route would never have anything to do.
    globalDecompression: false,
    threshold: COMPRESS_MIN_BYTES,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'MyanTopup shop API', version: '1.0.0' },
      servers: [{ url: config.publicUrl }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  const media = createMediaUrls(config.publicUrl);
  // One Redis connection for the shared limits and /readyz (the catalogue cache has its own).
  const redis = config.redisUrl ? createRedisClient(config.redisUrl) : null;
  app.addHook('onClose', async () => {
    await redis?.quit().catch(() => undefined);
  });
  // Request limits (ADR 0026), before any route: per account when the bearer token is good (its
  // signature and expiry only, no database), else per client address.
  const accessTokens = createAccessTokens(deps.secrets.jwtSecret, deps.clock ?? systemClock);
  await registerRequestLimits(app, {
    config: config.requestLimits,
    redis,
    prefix: config.redisKeyPrefix,
    accountOf: async (token) => {
      const verdict = await accessTokens.verify(token);
      return verdict.ok ? verdict.claims.userId : null;
    },
    log: app.log,
  });
  const clock = deps.clock ?? systemClock;
  // The job worker that runs every module's jobs is fulfilment's, made below: a module that queues
  // a job wakes it through this.
  const wakeWorker = () => {
    fulfilment.worker.wake();
  };
  // The modules, in order: each registers its routes and hooks and answers what others may call.
  const loyalty = (await registerLoyaltyModule(app, { config, database, clock })).service;
  const promotions = (await registerPromotionsModule(app, { database, clock })).service;
  const sms = await registerSmsModule(app, {
    config,
    database,
    fallback: deps.sms,
    metrics,
    wake: wakeWorker,
  });
  const auth = await registerAuthModule(app, {
    ...deps,
    sms: sms.sender,
    clock,
    log: app.log,
    redis,
    membership: (userId) => loyalty.membership(userId),
    endStaffSessions: (userId, now) => adminAccess.endUserSessions(userId, now),
  });
  const site = await registerSiteModule(app, { config, database, redis });
  const uploads = await registerMediaModule(app, {
    database,
    clock,
    imageCdnOrigin: config.imageCdnOrigin,
    assetsFolder,
  });
  // The back-office's access hook goes in before any route under /api/v1/admin (ADR 0033): a
  // module that adds routes there is registered after it (ADR 0070).
  const adminAccess = registerAdminAccess(app, {
    database,
    secrets: deps.secrets,
    clock,
    limiter: auth.limiter,
    customers: auth.guard,
  });
  const catalogue = await registerCatalogueModule(app, { config, database, media, clock });
  // Cart, checkout, orders and payments (issue 5); fulfilment and loyalty (issue 6).
  const cart = await registerCartModule(app, {
    database,
    catalogue: catalogue.service,
    guard: auth.guard,
  });
  const notifications = await registerNotificationsModule(app, {
    config,
    database,
    secrets: deps.secrets,
    guard: auth.guard,
  });
  // What an account's own messages need of it (issue 31): nothing for a deleted or blocked account;
  // e-mail only to a proved address.
  const accountToTell = async (userId: string) => {
    const profile = await auth.service.profile(userId).catch((err: unknown) => {
      if (err instanceof AppError) return null;
      throw err;
    });
    if (!profile || (await isAccountBlocked(database.db, userId))) return null;
    return { email: profile.emailVerified ? profile.email : null };
  };
  const recipients = await registerRecipientsModule(app, {
    database,
    catalogue: catalogue.service,
    guard: auth.guard,
    clock,
    push: notifications.push,
    mailer: deps.mailer,
    account: accountToTell,
    publicUrl: config.publicUrl,
    concurrency: config.push.concurrency,
    wake: wakeWorker,
  });
  // "Top me up" request links (issue 31): told from fulfilment when the paying line is delivered.
  const topupRequests = await registerTopupRequestsModule(app, {
    config,
    database,
    catalogue: catalogue.service,
    cart,
    push: notifications.push,
    mailer: deps.mailer,
    accountEmail: async (userId) => (await accountToTell(userId))?.email ?? null,
    guard: auth.guard,
    clock,
  });
  // The acquirers PAYMENT_PROVIDER names; refunds of their payments go back through those with a
  // refund API, in job slots of their own (REFUND_CONCURRENCY, ADR 0060).
  const acquirers = createAcquirers({ config, secrets: deps.secrets, log: app.log });
  const refunds = await registerRefundsModule(app, {
    config,
    database,
    mailer: deps.mailer,
    sms: sms.sender,
    loyalty,
    acquirers: acquirers.list,
    account: (userId) => auth.service.profile(userId),
    log: app.log,
  });
  const { providerRefunds } = refunds;
  let topupAccount: TopupAccountService | null = null;
  const fulfilment = await registerFulfilmentModule(app, {
    config,
    database,
    secrets: deps.secrets,
    mailer: deps.mailer,
    sms: sms.sender,
    loyalty,
    log: app.log,
    refunds: refunds.service,
    topupProvider: deps.topupProvider,
    lanes: [notifications.lane, refunds.lane, recipients.lane, topupRequests.lane, ...sms.lanes],
    linesDelivered: (tx, order, lines) => topupRequests.linesDelivered(tx, order, lines),
    metrics,
    bankRefundOwed: providerRefunds.orderRefundOwed,
    topupMappingOf: (productId) => mappingToSendOf(database.db, config.topupProvider, productId),
    // The account module is made below (its routes come after the back-office's access hook).
    topupFunds: (unitCost, quantity) =>
      topupAccount ? topupAccount.funds(unitCost, quantity) : Promise.resolve(true),
  });
  const payments = await registerPaymentsModule(app, {
    config,
    database,
    secrets: deps.secrets,
    clock,
    guard: auth.guard,
    cart,
    log: app.log,
    promotions,
    onJobQueued: wakeWorker,
    acquirers,
    receiptRefundOwed: providerRefunds.receiptOwed,
  });
  await registerCheckoutModule(app, {
    config,
    database,
    clock,
    guard: auth.guard,
    cart,
    payments: payments.payments,
    methodsAvailable: [...new Set(acquirers.list.flatMap((a) => a.methods))],
    accountEmail: async (userId) => (await auth.service.profile(userId)).email,
    accountBlocked: (userId) => isAccountBlocked(database.db, userId),
    loyalty,
    promotions,
  });
  const orders = await registerOrderHistoryModule(app, {
    database,
    guard: auth.guard,
    fulfilment: fulfilment.service,
    account: (userId) => auth.service.profile(userId),
    unappliedRefunds: (orderIds) => unappliedRefunds(database.db, orderIds),
    refunds: (orderIds) => refunds.service.refundsOf(orderIds),
    shares: (orderIds) => sharing.liveSharesOf(orderIds),
    recipientReveals: (orderCardIds) => sharing.recipientReveals(orderCardIds),
    jobQueued: wakeWorker,
  });
  // Gift links and share types (issue 15).
  const sharing = await registerSharingModule(app, {
    config,
    database,
    clock,
    guard: auth.guard,
    findOrder: orders.findOrder,
    orderView: (orderId, lang) => orders.history.view(orderId, lang),
    findDeliveredCard: (cardId) => fulfilment.service.findDeliveredCard(cardId),
    readPins: (cardIds) => fulfilment.service.readPins(cardIds),
    accountName: async (userId) => (await auth.service.profile(userId)).name,
  });
  // The back-office (issue 17).
  await registerAdminModule(app, {
    access: adminAccess,
    database,
    secrets: deps.secrets,
    clock,
    loyalty,
    festivals: site.festivals,
    media: uploads,
    secureCookies: https,
    catalogueChanged: () => catalogue.service.catalogueChanged(),
    orderLines: { lines: fulfilment.service, wakeWorker },
    payments: payments.payments,
  });
  // The aggregator's balance (issue 28): dashboard, metric, low-balance e-mail.
  topupAccount = await registerTopupAccountModule(app, {
    config,
    database,
    mailer: deps.mailer,
    clock,
    metrics,
  });

  registerMetricsRoute(app, {
    token: config.metricsToken,
    metrics,
    clock,
    sources: {
      engine: database.kind,
      poolStats: () => database.poolStats(),
      orders: orders.countByStatus,
      orderStatuses,
      payments: payments.countByStatus,
      paymentStatuses,
      paymentReceipts: payments.countReceiptsByOutcome,
      receiptOutcomes,
      jobs: () => countOpenJobs(database.db),
      jobTypes: fulfilment.worker.types,
      stock: catalogue.freeCardsPerProduct,
      refunds: () => refunds.service.countByStatus(),
      refundStatuses,
      refundDestinations,
    },
  });

  const indexHtmlPath = path.join(deps.webRoot, 'index.html');
  const indexHtml = fs.existsSync(indexHtmlPath) ? fs.readFileSync(indexHtmlPath, 'utf8') : null;
  // The app page, linking the web app manifest of the reader's language (as rendered pages do).
  const appHtml = indexHtml === null ? null : installableInEachLanguage(deps.webRoot, indexHtml);
  const appPages = appHtml && {
    en: cachedResponse(appHtml.en, 'text/html; charset=utf-8'),
    my: cachedResponse(appHtml.my, 'text/html; charset=utf-8'),
  };
  const serverRenderer =
    indexHtml === null
      ? null
      : await loadServerRenderer(app, deps.webRoot, indexHtml, catalogue.cache, config.publicUrl);
  if (indexHtml !== null) {
    await app.register(fastifyStatic, {
      root: deps.webRoot,
      prefix: '/',
      wildcard: false,
      index: false,
      // The web build writes .br/.gz beside each asset (apps/web/vite.config.ts); sent when accepted.
      preCompressed: true,
      // Source maps stay on the server (for our stack traces), never served: they hold the sources.
      allowedPath: (pathName) => !pathName.endsWith('.map'),
      cacheControl: false,
      setHeaders: (res, filePath) => {
        // Vite fingerprints everything under assets/; the rest must be revalidated.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
        res.setHeader(
          'cache-control',
          immutable ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    // Files (anything under /api, /media, /assets, or with an extension) are never the app page:
    // a missing script or image must be a 404, not HTML.
    const isFile = /^\/(api|media|assets)(\/|$)/.test(url) || /\.[a-z0-9]+$/i.test(url);
    const appPage = appPages?.[pageLanguage(request)];
    if (!isFile && appPage && (request.method === 'GET' || request.method === 'HEAD')) {
      // Sent as made (br/gzip as accepted: the not-found handler is no route of the compression
      // plugin's), with a validator, to be revalidated on every visit.
      const sendPage = (page: CachedResponse, status = 200) =>
        sendCachedResponse(request, reply.status(status), page, 0);
      if (!serverRenderer) return sendPage(appPage);
      // Pages a first visit lands on arrive rendered (platform/server-render.ts); the others, and
      // any page whose render fails, load the app, which routes and renders in the browser.
      return serverRenderer.render(request).then(
        (page) => (page ? sendPage(page.response, page.status) : sendPage(appPage)),
        (err: unknown) => {
          request.log.error({ err }, 'server render failed; the browser renders the page');
          return sendPage(appPage);
        },
      );
    }
    return reply
      .status(404)
      .send(errorBody('NOT_FOUND', `Route ${request.method} ${url} not found`));
  });

  return app;
}
