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
import type { Config } from './config.ts';
import { isAccountBlocked } from './modules/auth/account-block.ts';
import { createAccessTokens } from './modules/auth/access-token.ts';
import { ACCOUNT_SWEEP_INTERVAL_MS, createAuthModule } from './modules/auth/auth.module.ts';
import { createStaffRepo } from './modules/admin/staff.repo.ts';
import { createAdminModule } from './modules/admin/admin.module.ts';
import { createCartRepo } from './modules/cart/cart.repo.ts';
import { cartRoutes } from './modules/cart/cart.routes.ts';
import { createCartService, GUEST_CART_IDLE_DAYS } from './modules/cart/cart.service.ts';
import { createCatalogueCache } from './modules/catalogue/catalogue-cache.ts';
import { createCatalogueRepo } from './modules/catalogue/catalogue.repo.ts';
import { catalogueRoutes } from './modules/catalogue/catalogue.routes.ts';
import { createCatalogueService } from './modules/catalogue/catalogue.service.ts';
import { createStockRepo } from './modules/catalogue/stock.repo.ts';
import { createFulfilmentModule } from './modules/fulfilment/fulfilment.module.ts';
import type { TopupProvider } from './modules/fulfilment/topup-provider.ts';
import { createLoyaltyService } from './modules/loyalty/loyalty.service.ts';
import { createOrderHistoryService } from './modules/orders/order-history.service.ts';
import { createOrdersRepo } from './modules/orders/orders.repo.ts';
import { orderPaymentStatus, orderStatus } from './modules/orders/orders.tables.ts';
import { ordersRoutes } from './modules/orders/orders.routes.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { createPushService } from './modules/notifications/push.service.ts';
import { createAcquirers, createPaymentsModule } from './modules/payments/payments.module.ts';
import { createProviderRefunds } from './modules/refunds/provider-refunds.service.ts';
import { createPaymentsRepo } from './modules/payments/payments.repo.ts';
import { createSmsService, selectSmsGateway } from './modules/sms/sms.service.ts';
import { smsReceiptRoutes } from './modules/sms/sms.routes.ts';
import { createRefundsRepo } from './modules/refunds/refunds.repo.ts';
import { refundDestination, refundStatus } from './modules/refunds/refunds.tables.ts';
import { receiptOutcomes } from './modules/payments/payments.tables.ts';
import { createLocalContentScreen } from './modules/sharing/content-screen.ts';
import { createHttpContentScreen } from './modules/sharing/http-content-screen.ts';
import { createLocalStyleGenerator } from './modules/sharing/share-style.ts';
import { createSharingRepo } from './modules/sharing/sharing.repo.ts';
import { sharingRoutes } from './modules/sharing/sharing.routes.ts';
import { createSharingService } from './modules/sharing/sharing.service.ts';
import { createClaimsService } from './modules/site/claims.service.ts';
import { createContactRepo } from './modules/site/contact.repo.ts';
import { contactRoutes } from './modules/site/contact.routes.ts';
import { createContactService } from './modules/site/contact.service.ts';
import { healthRoutes } from './modules/site/health.routes.ts';
import { createFestivalsService } from './modules/site/festivals.service.ts';
import { siteExtrasRoutes } from './modules/site/site-extras.routes.ts';
import {
  cachedResponse,
  COMPRESS_MIN_BYTES,
  sendCachedResponse,
  type CachedResponse,
} from './platform/cache.ts';
import { systemClock, type Clock } from './platform/clock.ts';
import { limitConnections } from './platform/connection-limits.ts';
import type { Database } from './platform/db.ts';
import { errorBody, registerErrorHandler, sendFrameworkError } from './platform/errors.ts';
import {
  registerContentEncodingGuard,
  registerPrivateByDefault,
  registerUnstorableTextGuard,
} from './platform/http.ts';
import { countOpenJobs } from './platform/jobs.ts';
import { createMediaUrls } from './platform/media.ts';
import { createMediaRepo } from './modules/media/media.repo.ts';
import { mediaRoutes } from './modules/media/media.routes.ts';
import { createMediaService } from './modules/media/media.service.ts';
import {
  createTopupAccountModule,
  type TopupAccountService,
} from './modules/topup-account/topup-account.module.ts';
import { mappingToSendOf } from './modules/topup-account/topup-mappings.ts';
import {
  createShopMetrics,
  registerHttpMetrics,
  registerMetricsRoute,
} from './platform/metrics.ts';
import { createRedisClient, pingRedis } from './platform/redis.ts';
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
  const loyalty = createLoyaltyService({ db: database.db, config: config.loyalty });
  // SMS_PROVIDER's gateway (ADR 0061): messages are queued for a send job in a lane of its own
  // (SMS_CONCURRENCY) and its receipts recorded; without one, deps.sms (the outbox) sends them.
  const smsGateway = selectSmsGateway(config);
  const smsService = smsGateway
    ? createSmsService({
        db: database.db,
        gateway: smsGateway,
        publicUrl: config.publicUrl,
        log: app.log,
        metrics,
        wake: () => {
          fulfilment.worker.wake();
        },
      })
    : null;
  const sms = smsService?.sender ?? deps.sms;
  if (smsService) await app.register(smsReceiptRoutes(smsService, config.publicUrl));
  const auth = createAuthModule({
    ...deps,
    sms,
    clock: deps.clock ?? systemClock,
    log: app.log,
    redis,
    membership: (userId) => loyalty.membership(userId),
    endStaffSessions: (userId, now) => createStaffRepo(database.db).endUserSessions(userId, now),
  });
  const festivals = createFestivalsService({
    repo: createContactRepo(database.db),
    configured: config.festivals,
  });
  // Images uploaded through the back-office, kept in the database (ADR 0039).
  const uploads = createMediaService({
    repo: createMediaRepo(database.db),
    clock: deps.clock ?? systemClock,
    imageCdnOrigin: config.imageCdnOrigin,
    assetsFolder,
  });
  // The back-office's access hook goes in before any route (ADR 0033): every route under
  // /api/v1/admin, wherever registered, is checked by it.
  const admin = createAdminModule({
    app,
    database,
    secrets: deps.secrets,
    clock: deps.clock ?? systemClock,
    limiter: auth.limiter,
    customers: auth.guard,
    loyalty,
    festivals,
    media: uploads,
    secureCookies: https,
  });
  await app.register(
    healthRoutes({ database: () => database.ping(), redis: redis ? () => pingRedis(redis) : null }),
  );
  // Catalogue answers are cached as bytes; with REDIS_URL every instance drops them on a change.
  const catalogueCache = createCatalogueCache(config, (err, what) => {
    app.log.warn({ err }, what);
  });
  // Serve only once subscribed to changes (bounded: a Redis failure is logged, not fatal).
  app.addHook('onReady', () => catalogueCache.ready());
  app.addHook('onClose', () => catalogueCache.close());
  const catalogue = createCatalogueService(createCatalogueRepo(database.db), media, catalogueCache);
  app.decorate('catalogueChanged', () => catalogue.catalogueChanged());
  await app.register(catalogueRoutes(catalogue, catalogueCache, deps.clock ?? systemClock));
  await app.register(contactRoutes(createContactService(createContactRepo(database.db))));
  await app.register(
    siteExtrasRoutes({
      db: database.db,
      festivals,
      claims: createClaimsService(createContactRepo(database.db)),
    }),
  );
  app.addHook('onReady', () => {
    auth.startSweep();
    return Promise.resolve();
  });
  app.addHook('onClose', () => auth.close());
  app.decorate('runAccountSweep', () => auth.service.sweepUnverified());
  await app.register(auth.routes);
  // Cart, checkout, orders and payments (issue 5); fulfilment and loyalty (issue 6).
  const cartRepo = createCartRepo(database.db);
  const cart = createCartService(cartRepo, catalogue);
  await app.register(cartRoutes(cart, auth.guard));
  // Guest carts idle for 30 days go, hourly (as the account sweep); any instance may run it.
  let cartSweep: NodeJS.Timeout | undefined;
  app.addHook('onReady', () => {
    cartSweep = setInterval(() => {
      cartRepo.purgeIdleGuestCarts(GUEST_CART_IDLE_DAYS).catch((err: unknown) => {
        app.log.error({ err }, 'guest cart purge failed');
      });
    }, ACCOUNT_SWEEP_INTERVAL_MS);
    cartSweep.unref();
    return Promise.resolve();
  });
  app.addHook('onClose', () => {
    clearInterval(cartSweep);
    return Promise.resolve();
  });
  // Web Push of order events (issue 16): the events' jobs run in the job worker's loops of their
  // own (PUSH_CONCURRENCY), so a slow push service never takes fulfilment's slots (ADR 0042).
  const push = createPushService({
    db: database.db,
    vapid: { ...deps.secrets.vapid, subject: config.push.subject },
    allowHttp: config.push.allowHttp,
    destinations: {
      extraHosts: config.push.allowedHosts,
      allowPrivateAddresses: config.push.allowPrivateAddresses,
    },
    log: app.log,
  });
  await app.register(notificationsRoutes(push, auth.guard));
  // The acquirers PAYMENT_PROVIDER names; refunds of their payments go back through those with a
  // refund API, in job slots of their own (REFUND_CONCURRENCY, ADR 0060).
  const acquirers = createAcquirers({ config, secrets: deps.secrets, log: app.log });
  const providerRefunds = createProviderRefunds({
    db: database.db,
    acquirers: acquirers.list,
    loyalty,
    log: app.log,
  });
  let topupAccount: TopupAccountService | null = null;
  const fulfilment = createFulfilmentModule({
    app,
    config,
    database,
    secrets: deps.secrets,
    mailer: deps.mailer,
    sms,
    loyalty,
    log: app.log,
    account: (userId) => auth.service.profile(userId),
    topupProvider: deps.topupProvider,
    lanes: [
      { types: push.jobTypes, concurrency: config.push.concurrency },
      { types: providerRefunds.jobTypes, concurrency: config.refundConcurrency },
      ...(smsService ? [{ types: smsService.jobTypes, concurrency: config.sms.concurrency }] : []),
    ],
    metrics,
    bankRefundOwed: providerRefunds.orderRefundOwed,
    topupMappingOf: (productId) => mappingToSendOf(database.db, config.topupProvider, productId),
    // The account module is made below (its routes come after the back-office's access hook).
    topupFunds: (unitCost, quantity) =>
      topupAccount ? topupAccount.funds(unitCost, quantity) : Promise.resolve(true),
  });
  const payments = createPaymentsModule({
    app,
    config,
    database,
    secrets: deps.secrets,
    clock: deps.clock ?? systemClock,
    guard: auth.guard,
    cart,
    log: app.log,
    accountEmail: async (userId) => (await auth.service.profile(userId)).email,
    accountBlocked: (userId) => isAccountBlocked(database.db, userId),
    loyalty,
    onJobQueued: () => {
      fulfilment.worker.wake();
    },
    acquirers,
    receiptRefundOwed: providerRefunds.receiptOwed,
  });
  await app.register(payments.routes);
  const ordersRepo = createOrdersRepo(database.db);
  const sharingRepo = createSharingRepo(database.db);
  const orderHistory = createOrderHistoryService({
    orders: ordersRepo,
    fulfilment: fulfilment.service,
    account: (userId) => auth.service.profile(userId),
    unappliedRefunds: (orderIds) => createPaymentsRepo(database.db).unappliedRefunds(orderIds),
    refunds: (orderIds) => fulfilment.refunds.refundsOf(orderIds),
    shares: (orderIds) => sharing.liveSharesOf(orderIds),
    recipientReveals: (orderCardIds) => sharingRepo.revealsOf(orderCardIds),
    jobQueued: () => {
      fulfilment.worker.wake();
    },
  });
  await app.register(ordersRoutes(orderHistory, auth.guard));
  // Gift links and share types (issue 15).
  const sharing = createSharingService({
    repo: sharingRepo,
    config: { publicUrl: config.publicUrl, ...config.sharing },
    clock: deps.clock ?? systemClock,
    screen: config.sharing.contentScreenUrl
      ? createHttpContentScreen({ url: config.sharing.contentScreenUrl })
      : createLocalContentScreen(),
    styles: createLocalStyleGenerator(),
    findOrder: (orderId) => ordersRepo.findOrder(orderId),
    orderView: (orderId, lang) => orderHistory.view(orderId, lang),
    findDeliveredCard: (cardId) => fulfilment.service.findDeliveredCard(cardId),
    readPins: (cardIds) => fulfilment.service.readPins(cardIds),
    accountName: async (userId) => (await auth.service.profile(userId)).name,
  });
  await app.register(sharingRoutes(sharing, auth.guard));
  // The back-office (issue 17).
  await admin.registerRoutes(
    () => catalogue.catalogueChanged(),
    {
      lines: fulfilment.service,
      wakeWorker: () => {
        fulfilment.worker.wake();
      },
    },
    payments.payments,
  );
  // The aggregator's balance (issue 28): dashboard, metric, low-balance e-mail.
  topupAccount = await createTopupAccountModule({
    app,
    config,
    database,
    mailer: deps.mailer,
    clock: deps.clock ?? systemClock,
    metrics,
  });

  const paymentsRepo = createPaymentsRepo(database.db);
  const stockRepo = createStockRepo(database.db);
  registerMetricsRoute(app, {
    token: config.metricsToken,
    metrics,
    clock: deps.clock ?? systemClock,
    sources: {
      engine: database.kind,
      poolStats: () => database.poolStats(),
      orders: () => ordersRepo.countByStatus(),
      orderStatuses: orderStatus.enumValues,
      payments: () => paymentsRepo.countByStatus(),
      paymentStatuses: orderPaymentStatus.enumValues,
      paymentReceipts: () => paymentsRepo.countReceiptsByOutcome(),
      receiptOutcomes,
      jobs: () => countOpenJobs(database.db),
      jobTypes: fulfilment.worker.types,
      stock: () => stockRepo.freeCardsPerProduct(),
      refunds: () => createRefundsRepo(database.db).countByStatus(),
      refundStatuses: refundStatus.enumValues,
      refundDestinations: refundDestination.enumValues,
    },
  });

  // Images uploaded through the back-office, from the database: /media/uploads/<sha256>.<ext>, a
  // route more specific than the /media/* wildcard below, which never sees these paths.
  await app.register(mediaRoutes(uploads));
  // Images the shop serves itself (banners, category and product art).
  await app.register(fastifyStatic, {
    root: assetsFolder,
    prefix: '/media/',
    decorateReply: false,
    maxAge: '7d',
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
      : await loadServerRenderer(app, deps.webRoot, indexHtml, catalogueCache, config.publicUrl);
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
