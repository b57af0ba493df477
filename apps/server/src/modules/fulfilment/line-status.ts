import { PARTLY_DELIVERED_FAILURE, WRONG_OPERATOR_FAILURE } from '@shop/contracts/orders';
import type { OrderItemRow } from '../orders/orders.service.ts';
import type { TopupResult } from './topup-provider.ts';

/**
 * Why a line failed (order_items.failure_code). `unconfirmed`: the top-up was sent but the
 * aggregator never answered, so it may have arrived; its refund must be checked against the
 * aggregator's records first (the refund reason says so).
 */
export type FailureCode = 'out_of_stock' | 'declined' | 'error' | 'unconfirmed' | 'not_delivered';

/** `not_delivered`: an `unconfirmed` top-up that support checked with the aggregator: it never arrived. */
export const RETRYABLE_FAILURES: readonly string[] = ['declined', 'error', 'not_delivered'];

/** A line's failure code from the aggregator's answer (none when it succeeded). */
export const failureCodeOf = (result: TopupResult): string | null =>
  result.status === 'success'
    ? null
    : result.numberOperator
      ? `${WRONG_OPERATOR_FAILURE}:${result.numberOperator}`
      : result.deliveredUnits
        ? `${PARTLY_DELIVERED_FAILURE}:${String(result.deliveredUnits)}`
        : ('declined' satisfies FailureCode);

export const isPending = (item: OrderItemRow) => item.status === 'pending';
