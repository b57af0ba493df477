import type {
  AdminCallCentre,
  AdminClaimsPut,
  AdminCallCentrePatch,
  AdminExchangeRate,
  AdminExchangeRatesPatch,
  AdminFestivalsPut,
  AdminSettings,
} from '@shop/contracts/admin-settings';
import { adminSettingsMessages } from '@shop/contracts/admin-settings-messages';
import { adminSettingsSchemaMessages } from '@shop/contracts/admin-settings-messages';
import { defaultBusinessHours, type CallCentreContact } from '@shop/contracts/catalogue';
import type { Clock } from '../../platform/clock.ts';
import type { Db, Tx } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type {
  ExchangeRateAdminRow,
  ExchangeRateRecords,
} from '../catalogue/catalogue-admin.service.ts';
import { parseClaims } from '../site/claims.service.ts';
import {
  CALL_CENTRE_SETTING,
  CLAIMS_SETTING,
  FESTIVALS_SETTING,
  parseCallCentre,
  type SiteSettingRecords,
} from '../site/contact.service.ts';
import { parseFestivals, type FestivalsService } from '../site/festivals.service.ts';
import type { AuditActor, AuditService } from './audit.service.ts';

const toRate = (row: ExchangeRateAdminRow): AdminExchangeRate => ({
  currency: row.currency,
  symbol: row.symbol,
  rate: Number(row.rate),
  active: row.isActive,
  updatedAt: row.updatedAt.toISOString(),
});
const rateRecord = (row: { currency: string; rate: number; active: boolean }) => ({
  currency: row.currency,
  rate: row.rate,
  active: row.active,
});

/** No setting yet: empty contact, the spec's hours (the shop's call answers 404 until set). */
const toCallCentre = (contact: CallCentreContact | null): AdminCallCentre => ({
  phone: contact?.phone ?? '',
  email: contact?.email ?? '',
  viber: contact?.viber ?? null,
  hours: contact?.hours ?? { ...defaultBusinessHours },
});

/**
 * The shop settings of the back-office (issue 17): exchange rates (catalogue's table), the
 * call-centre contact, the festival windows and the shop's claims on Home (site_settings). Each
 * write locks what it changes, writes it and its audit record (before/after) in one transaction,
 * then drops the catalogue caches on every instance (ADR 0007): the exchange rates are cached there
 * (and so are the server-rendered pages); the contact, the festivals and the claims are read from
 * the table on every public call, so they show at once as well.
 */
export function createAdminSettingsService(deps: {
  db: Db;
  rates: ExchangeRateRecords;
  site: SiteSettingRecords;
  festivals: FestivalsService;
  audit: AuditService;
  clock: Clock;
  catalogueChanged: () => Promise<void>;
}) {
  const { db, rates, site, festivals, audit, clock } = deps;

  const settings = async (): Promise<AdminSettings> => ({
    exchangeRates: (await rates.list()).map(toRate),
    callCentre: toCallCentre(parseCallCentre(await site.readSetting(CALL_CENTRE_SETTING))),
    festivals: await festivals.list(),
    claims: parseClaims(await site.readSetting(CLAIMS_SETTING)),
  });

  /**
   * One audited change of the setting `id` (audit action `settings.<id>`): `change` writes it in
   * the transaction and answers what it was and is, or nothing when it changed nothing; the
   * catalogue's caches are then dropped and the settings answered as they are now.
   */
  const changeSetting = async (
    id: string,
    actor: AuditActor,
    change: (tx: Tx) => Promise<{ before: unknown; after: unknown } | undefined>,
  ): Promise<AdminSettings> => {
    await db.transaction(async (tx) => {
      const changed = await change(tx);
      if (!changed) return;
      await audit.record(tx, actor, {
        action: `settings.${id}`,
        targetType: 'settings',
        targetId: id,
        ...changed,
      });
    });
    await deps.catalogueChanged();
    return settings();
  };

  return {
    settings,

    async editRates(patch: AdminExchangeRatesPatch, actor: AuditActor): Promise<AdminSettings> {
      return changeSetting('exchange_rates', actor, async (tx) => {
        const current = new Map((await rates.lockAll(tx)).map((row) => [row.currency, row]));
        const unknown = patch.rates.find((r) => !current.has(r.currency));
        if (unknown) {
          const text = adminSettingsMessages.unknownCurrency;
          const fill = (s: string) => s.replace('{currency}', unknown.currency);
          throw new AppError(
            'VALIDATION_ERROR',
            { en: fill(text.en), my: fill(text.my) },
            { rates: adminSettingsSchemaMessages.currency },
          );
        }
        const now = clock();
        const before = [];
        const after = [];
        for (const change of patch.rates) {
          const row = current.get(change.currency);
          if (!row) continue;
          const was = toRate(row);
          await rates.update(
            tx,
            change.currency,
            {
              ...(change.rate === undefined ? {} : { rate: change.rate.toFixed(4) }),
              ...(change.active === undefined ? {} : { isActive: change.active }),
            },
            now,
          );
          before.push(rateRecord(was));
          after.push(
            rateRecord({
              currency: was.currency,
              rate: change.rate ?? was.rate,
              active: change.active ?? was.active,
            }),
          );
        }
        return { before, after };
      });
    },

    async editCallCentre(patch: AdminCallCentrePatch, actor: AuditActor): Promise<AdminSettings> {
      return changeSetting('call_centre', actor, async (tx) => {
        const stored = await site.lockSetting(tx, CALL_CENTRE_SETTING);
        const before = toCallCentre(parseCallCentre(stored));
        const after: AdminCallCentre = {
          phone: patch.phone ?? before.phone,
          email: patch.email ?? before.email,
          viber: patch.viber === undefined ? before.viber : patch.viber,
          hours: patch.hours ? { ...patch.hours, timezone: before.hours.timezone } : before.hours,
        };
        // Only when nothing was stored yet can these still be empty.
        if (after.phone === '')
          throw new AppError('VALIDATION_ERROR', adminSettingsSchemaMessages.phone, {
            phone: adminSettingsSchemaMessages.phone,
          });
        if (after.email === '')
          throw new AppError('VALIDATION_ERROR', adminSettingsSchemaMessages.email, {
            email: adminSettingsSchemaMessages.email,
          });
        const { viber, ...rest } = after;
        await site.writeSetting(tx, CALL_CENTRE_SETTING, viber ? after : rest, clock());
        return { before, after };
      });
    },

    async putFestivals(body: AdminFestivalsPut, actor: AuditActor): Promise<AdminSettings> {
      return changeSetting('festivals', actor, async (tx) => {
        const stored = parseFestivals(await site.lockSetting(tx, FESTIVALS_SETTING));
        const before = stored ?? festivals.fallback();
        const after = body.festivals.map((w) => ({ name: w.name, start: w.start, end: w.end }));
        await site.writeSetting(tx, FESTIVALS_SETTING, after, clock());
        return { before, after };
      });
    },

    /** The whole list, in Home's order (validated by adminClaimsPutSchema). */
    async putClaims(body: AdminClaimsPut, actor: AuditActor): Promise<AdminSettings> {
      return changeSetting('claims', actor, async (tx) => {
        const before = parseClaims(await site.lockSetting(tx, CLAIMS_SETTING));
        const after = body.claims.map((c) => ({
          titleEn: c.titleEn,
          titleMy: c.titleMy,
          textEn: c.textEn,
          textMy: c.textMy,
        }));
        await site.writeSetting(tx, CLAIMS_SETTING, after, clock());
        return { before, after };
      });
    },

    /** No claims of the owner's: Home shows its built-in ones again (audited; none set: no-op). */
    async clearClaims(actor: AuditActor): Promise<AdminSettings> {
      return changeSetting('claims', actor, async (tx) => {
        const stored = await site.lockSetting(tx, CLAIMS_SETTING);
        if (stored === undefined) return;
        await site.deleteSetting(tx, CLAIMS_SETTING);
        return { before: parseClaims(stored), after: null };
      });
    },
  };
}

export type AdminSettingsService = ReturnType<typeof createAdminSettingsService>;
