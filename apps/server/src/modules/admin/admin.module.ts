import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AuthGuard } from '../../platform/auth.ts';
import type { Clock } from '../../platform/clock.ts';
import type { Database } from '../../platform/db.ts';
import type { RateLimitStore } from '../../platform/rate-limit.ts';
import type { Secrets } from '../../platform/secrets.ts';
import { staffAccountRecords } from '../auth/auth.service.ts';
import {
  buildCatalogueAdminService,
  exchangeRateRecords,
} from '../catalogue/catalogue-admin.service.ts';
import { buildProductAdminService } from '../catalogue/product-admin.service.ts';
import type { FulfilmentService } from '../fulfilment/fulfilment.service.ts';
import type { LoyaltyService } from '../loyalty/loyalty.service.ts';
import { siteSettingRecords } from '../site/contact.service.ts';
import type { FestivalsService } from '../site/festivals.service.ts';
import type { MediaService } from '../media/media.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import { createPromotionsService } from '../promotions/promotions.service.ts';
import { adminBonusDaysRoutes } from './admin-bonus-days.routes.ts';
import { adminCatalogueRoutes } from './admin-catalogue.routes.ts';
import { adminMediaRoutes } from './admin-media.routes.ts';
import { createAdminCatalogueService } from './admin-catalogue.service.ts';
import { createAdminOrdersRepo } from './admin-orders.repo.ts';
import { adminOrderRoutes } from './admin-orders.routes.ts';
import { createAdminOrdersService } from './admin-orders.service.ts';
import { createAdminCustomersService } from './admin-customers.service.ts';
import { createAdminPaymentsRepo } from './admin-payments.repo.ts';
import { adminPaymentRoutes } from './admin-payments.routes.ts';
import { createAdminPaymentsService } from './admin-payments.service.ts';
import { adminCustomersRoutes } from './admin-customers.routes.ts';
import { createAdminReportsRepo } from './admin-reports.repo.ts';
import { adminSettingsRoutes } from './admin-settings.routes.ts';
import { createAdminSettingsService } from './admin-settings.service.ts';
import { adminRoutes } from './admin.routes.ts';
import { createAdminService } from './admin.service.ts';
import { createAuditRepo } from './audit.repo.ts';
import { createAuditService } from './audit.service.ts';
import { registerStaffAccess } from './staff-access.ts';
import { createStaffAuthService, type StaffAuthService } from './staff-auth.service.ts';
import { staffAuthRoutes } from './staff-auth.routes.ts';
import { createStaffRepo } from './staff.repo.ts';

/** The key of TOTP secrets at rest, derived so the E-PIN key itself encrypts nothing else. */
export const totpKeyOf = (secrets: Secrets): Buffer =>
  createHmac('sha256', secrets.pinEncryptionKey).update('staff-totp-secret-key').digest();

/** Who may open the back-office (registerAdminAccess), for the routes registered after it. */
export interface AdminAccess {
  audit: ReturnType<typeof createAuditService>;
  staffAuth: StaffAuthService;
  /** Ends an account's back-office sessions (its password changed). */
  endUserSessions: (userId: string, now: Date) => Promise<void>;
}

/**
 * The back-office's gate (issue 17, ADR 0033): its access hook goes in before any route exists, so
 * that no route under /api/v1/admin — its own, or another module's (the aggregator account's) — can
 * be registered without it. The back-office's own routes come later (registerAdminModule), after
 * the modules whose services they use.
 */
export function registerAdminAccess(
  app: FastifyInstance,
  deps: {
    database: Database;
    secrets: Secrets;
    clock: Clock;
    limiter: RateLimitStore;
    customers: AuthGuard;
  },
): AdminAccess {
  const { database, clock } = deps;
  const audit = createAuditService({ repo: createAuditRepo(database.db), clock });
  const staff = createStaffRepo(database.db);
  const staffAuth = createStaffAuthService({
    repo: staff,
    accounts: staffAccountRecords(database.db),
    audit,
    limiter: deps.limiter,
    clock,
    db: database.db,
    totpKey: totpKeyOf(deps.secrets),
    log: app.log,
    // A key of its own (as the shop login's device key), so the two cookies never pass for each other.
    deviceKey: createHmac('sha256', deps.secrets.jwtSecret)
      .update('staff-login-device-key')
      .digest('base64'),
  });
  registerStaffAccess(app, { staffAuth, customers: deps.customers });
  return {
    audit,
    staffAuth,
    endUserSessions: (userId, now) => staff.endUserSessions(userId, now),
  };
}

/** What the back-office's routes use (registerAdminModule). */
export interface AdminModuleDeps {
  access: AdminAccess;
  database: Database;
  secrets: Secrets;
  clock: Clock;
  /** Refunds given as points (the order actions); the bonus-point days (ADR 0081). */
  loyalty: LoyaltyService;
  /** The festival windows the shop answers (the settings page edits them). */
  festivals: FestivalsService;
  /** Uploaded images (ADR 0039): stored by the back-office, checked in catalogue edits. */
  media: MediaService;
  /** Whether cookies are Secure (the shop is served over https). */
  secureCookies: boolean;
  catalogueChanged: () => Promise<void>;
  orderLines: {
    lines: Pick<
      FulfilmentService,
      'resolveUnconfirmed' | 'checkUnconfirmedCards' | 'startRetry' | 'queueCodesAgain'
    >;
    wakeWorker: () => void;
  };
  payments: Pick<PaymentsService, 'recordUnknownFinding'>;
}

/**
 * The back-office's routes (issue 17) behind the gate `access`: `catalogueChanged` drops the
 * catalogue caches on every instance; `orderLines` are fulfilment's line actions (resolve, retry)
 * and the worker's wake-up; `payments` records staff's findings about payments whose outcome is
 * unknown (ADR 0059).
 */
export async function registerAdminModule(
  app: FastifyInstance,
  deps: AdminModuleDeps,
): Promise<void> {
  const { database, clock, catalogueChanged } = deps;
  const { audit, staffAuth } = deps.access;
  const reports = createAdminReportsRepo(database.db);
  const unknownPayments = createAdminPaymentsRepo(database.db);
  const service = createAdminService({
    reports,
    unknownPayments,
    audit,
    products: buildProductAdminService(database.db, { clock, catalogueChanged }),
    promotions: createPromotionsService({ db: database.db, clock }),
    media: deps.media,
    clock,
  });
  await app.register(staffAuthRoutes(staffAuth, { secureCookies: deps.secureCookies }));
  await app.register(adminRoutes(service, audit));
  await registerCatalogueAdmin(app, deps);
  await registerOrderAdmin(app, deps, unknownPayments);
  await registerCustomerAdmin(app, deps, reports);
  await app.register(adminBonusDaysRoutes(deps.loyalty.bonusDays, audit));
  await registerSettingsAdmin(app, deps);
}

/** Banners, categories, operators and card stock, and the uploaded images. */
async function registerCatalogueAdmin(app: FastifyInstance, deps: AdminModuleDeps) {
  const { database, clock, catalogueChanged } = deps;
  const { audit } = deps.access;
  await app.register(
    adminCatalogueRoutes(
      createAdminCatalogueService({
        catalogue: buildCatalogueAdminService({
          db: database.db,
          pinKey: deps.secrets.pinEncryptionKey,
          clock,
          catalogueChanged,
        }),
        audit,
        media: deps.media,
        clock,
      }),
    ),
  );
  await app.register(adminMediaRoutes(deps.media, audit));
}

/** The order detail and its actions, and staff's findings about unknown payments (ADR 0059). */
async function registerOrderAdmin(
  app: FastifyInstance,
  deps: AdminModuleDeps,
  unknownPayments: ReturnType<typeof createAdminPaymentsRepo>,
) {
  const { database, orderLines, payments } = deps;
  const { audit } = deps.access;
  await app.register(
    adminOrderRoutes(
      createAdminOrdersService({
        db: database.db,
        repo: createAdminOrdersRepo(database.db),
        audit,
        loyalty: deps.loyalty,
        ...orderLines,
      }),
    ),
  );
  await app.register(
    adminPaymentRoutes(createAdminPaymentsService({ repo: unknownPayments, audit, payments })),
  );
}

/** The customers' pages. */
async function registerCustomerAdmin(
  app: FastifyInstance,
  deps: AdminModuleDeps,
  reports: ReturnType<typeof createAdminReportsRepo>,
) {
  const { database, clock } = deps;
  const { audit } = deps.access;
  await app.register(
    adminCustomersRoutes(
      createAdminCustomersService({
        db: database.db,
        reports,
        audit,
        clock,
        loyalty: deps.loyalty,
      }),
      {
        db: database.db,
        reports,
        audit,
      },
    ),
  );
}

/** The settings: exchange rates, the call centre, the festival windows and the claims. */
async function registerSettingsAdmin(app: FastifyInstance, deps: AdminModuleDeps) {
  const { database, clock, catalogueChanged } = deps;
  await app.register(
    adminSettingsRoutes(
      createAdminSettingsService({
        db: database.db,
        rates: exchangeRateRecords(database.db),
        site: siteSettingRecords(database.db),
        festivals: deps.festivals,
        audit: deps.access.audit,
        clock,
        catalogueChanged,
      }),
    ),
  );
}
