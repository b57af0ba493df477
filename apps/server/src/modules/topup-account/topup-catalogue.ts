import type { TopupCatalogue, TopupCatalogueOperator } from '@shop/contracts/topup-provider-admin';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';

/** The aggregator's catalogue is read again after this long (or when an admin asks). */
export const CATALOGUE_CACHE_MS = 5 * 60_000;

interface CatalogueRead {
  operators: TopupCatalogueOperator[];
  readAt: Date;
}

/**
 * The aggregator's Myanmar catalogue (issue 28), read at most every CATALOGUE_CACHE_MS unless a
 * refresh is asked for; concurrent readers share one read. An aggregator that cannot be reached
 * is a 503 naming why (the last copy is not passed off as current).
 */
export function createTopupCatalogue(deps: {
  provider: string;
  read: () => Promise<TopupCatalogueOperator[]>;
  clock: Clock;
}) {
  let last: CatalogueRead | null = null;
  let inFlight: Promise<CatalogueRead> | null = null;

  function readNow(): Promise<CatalogueRead> {
    inFlight ??= deps
      .read()
      .then((operators) => (last = { operators, readAt: deps.clock() }))
      .catch((err: unknown) => {
        const why = err instanceof Error ? err.message : 'no answer';
        throw new AppError('SERVICE_UNAVAILABLE', {
          en: `The ${deps.provider} catalogue could not be read: ${why}`,
          my: `${deps.provider} ၏ စာရင်းကို ဖတ်၍ မရပါ: ${why}`,
        });
      })
      .finally(() => {
        inFlight = null;
      });
    return inFlight;
  }

  /** The copy of the last few minutes, or a fresh read (always when `refresh`). */
  function current(refresh = false): Promise<CatalogueRead> {
    const fresh = last && deps.clock().getTime() - last.readAt.getTime() < CATALOGUE_CACHE_MS;
    return !refresh && fresh && last ? Promise.resolve(last) : readNow();
  }

  return {
    current,
    async view(refresh = false): Promise<TopupCatalogue> {
      const read = await current(refresh);
      return {
        provider: deps.provider,
        hasCatalogue: true,
        operators: read.operators,
        refreshedAt: read.readAt.toISOString(),
      };
    },
  };
}

export type TopupCatalogueReader = ReturnType<typeof createTopupCatalogue>;

/** The view of a provider without a catalogue (the simulator). */
export const noCatalogue = (provider: string): TopupCatalogue => ({
  provider,
  hasCatalogue: false,
  operators: [],
  refreshedAt: null,
});
