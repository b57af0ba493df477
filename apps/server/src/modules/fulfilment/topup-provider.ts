import { randomInt } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { ProductKind } from '@shop/contracts/catalogue';
import type { Db } from '../../platform/db.ts';
import type { ShopMetrics } from '../../platform/metrics.ts';
import { createFulfilmentRepo } from './fulfilment.repo.ts';

/** An E-load request to the aggregator (DESIGN §1: top-up behind an interface). */
export interface TopupRequest {
  /** The same key for every retry of one order line: the aggregator executes it at most once. */
  idempotencyKey: string;
  kind: Extract<ProductKind, 'topup' | 'data'>;
  /** Recipient in 95 form (959…) and the operator code (MPT, OOREDOO, …). */
  msisdn: string;
  operator: string | null;
  productCode: string;
  quantity: number;
  /** Top-ups: kyat credited per unit; data: MB per unit. */
  amountMmk: number | null;
  dataMb: number | null;
  /**
   * The aggregator operator and amount the product is mapped to (topup-account's mappings, ADR
   * 0064), sent per unit; null or absent when the product has none. A data line is sent only as
   * its mapped bundle (ADR 0062 addendum); a mapped top-up goes to its mapped operator only.
   */
  mapping?: TopupMapping | null;
}

/** A product's mapping at the aggregator: an operator (a bundle operator for data) and amount. */
export interface TopupMapping {
  operatorId: number;
  /** The amount in the operator's local currency (kyat), sent with useLocalAmount. */
  amount: number;
  /** What one unit costs at the aggregator, in its account's currency (the balance check). */
  unitCost: TopupUnitCost;
}

/** An amount in the aggregator account's currency. */
export interface TopupUnitCost {
  amount: number;
  currencyCode: string;
}

/** The aggregator's final answer for a request. */
export interface TopupResult {
  status: 'success' | 'failed';
  reference: string;
  /** The aggregator's own words (English), kept for support; customers see our messages. */
  message: string;
  /**
   * Failed before anything was sent because the number is on another operator than the
   * product's: that operator (a shop operator code, else the aggregator's name for it).
   */
  numberOperator?: string;
  /**
   * Failed, but some of the line's units arrived (one transaction per unit, ADR 0062): how many.
   * The rest of the line is refunded.
   */
  deliveredUnits?: number;
}

export interface TopupProvider {
  readonly name: string;
  /**
   * Executes the request once per idempotency key; a repeat answers the first result. Throws when
   * the outcome is unknown (timeout, network): the caller retries with the same key.
   */
  send(request: TopupRequest): Promise<TopupResult>;
}

export class TopupUnavailableError extends Error {}

/**
 * The aggregator refused for lack of funds on the shop's own account: nothing was sent. The line
 * waits (its job is rescheduled without using up a try) until the balance is topped up.
 */
export class TopupAwaitingFundsError extends TopupUnavailableError {}

/**
 * Test numbers of the simulator (README "Top-up simulator"): the last four digits decide.
 * 0000: declined (number not active). 9999: the first call times out after the top-up was
 * executed (the answer is lost), so the retry must be answered from the aggregator's record.
 * 8888: never answers (every call times out): the job gives up and the line ends `unconfirmed`.
 */
export const SIMULATOR_DECLINED_SUFFIX = '0000';
export const SIMULATOR_TIMEOUT_SUFFIX = '9999';
export const SIMULATOR_NO_ANSWER_SUFFIX = '8888';

/**
 * TOPUP_PROVIDER=simulator (the default): behaves like an E-load aggregator, with a random delay,
 * success for ordinary numbers and failures for the documented test numbers. Its books live in
 * its own table, as a real aggregator's live on its side, so idempotency holds across our crashes.
 */
export function createSimulatorTopupProvider(db: Db, maxDelayMs: number): TopupProvider {
  const books = createFulfilmentRepo(db);
  return {
    name: 'simulator',
    async send(request) {
      if (maxDelayMs > 0) await sleep(randomInt(maxDelayMs + 1));
      if (request.msisdn.endsWith(SIMULATOR_NO_ANSWER_SUFFIX))
        throw new TopupUnavailableError(
          'Aggregator did not answer (simulated); the outcome is unknown',
        );
      const declined = request.msisdn.endsWith(SIMULATOR_DECLINED_SUFFIX);
      const { transaction, firstTime } = await books.recordSimulatorTransaction({
        idempotencyKey: request.idempotencyKey,
        reference: `SIM${Date.now().toString(36).toUpperCase()}${randomInt(36 ** 4)
          .toString(36)
          .toUpperCase()
          .padStart(4, '0')}`,
        outcome: declined ? 'failed' : 'success',
        message: declined
          ? 'Recipient number is not active'
          : request.kind === 'data'
            ? `${request.quantity} × ${request.dataMb ?? 0} MB data package sent to ${request.msisdn}`
            : `${request.quantity} × ${request.amountMmk ?? 0} MMK sent to ${request.msisdn}`,
        request: { ...request },
      });
      if (firstTime && request.msisdn.endsWith(SIMULATOR_TIMEOUT_SUFFIX))
        throw new TopupUnavailableError('Aggregator timed out (simulated); the outcome is unknown');
      return {
        status: transaction.outcome === 'failed' ? 'failed' : 'success',
        reference: transaction.reference,
        message: transaction.message,
      };
    },
  };
}

/**
 * The provider with each request timed into the metrics (ADR 0034): success, declined (the
 * aggregator's "failed") or no answer (it threw: timeout, network, unavailable).
 */
export function measuredTopupProvider(
  provider: TopupProvider,
  metrics: Pick<ShopMetrics, 'topupAnswered'>,
): TopupProvider {
  return {
    name: provider.name,
    async send(request) {
      const started = performance.now();
      const seconds = () => (performance.now() - started) / 1000;
      try {
        const result = await provider.send(request);
        metrics.topupAnswered(provider.name, result.status, seconds());
        return result;
      } catch (err) {
        metrics.topupAnswered(provider.name, 'no_answer', seconds());
        throw err;
      }
    },
  };
}
