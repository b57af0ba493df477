import type { Product } from '@shop/contracts/catalogue';
import type { Language } from '@shop/contracts/i18n';
import { detectOperator, type OperatorCode } from '@shop/contracts/phone';
import { needsRecipientPhone } from '@shop/contracts/phone-products';
import {
  recipientMessages,
  RECIPIENTS_PER_ACCOUNT_MAX,
  type ReminderInterval,
  type RecipientProduct,
  type SavedRecipient,
} from '@shop/contracts/recipients';
import { isUuid } from '@shop/contracts/ids';
import type { Clock } from '../../platform/clock.ts';
import { uniqueViolation } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import { effectivePrice, isAvailable, type ProductSource } from '../cart/cart.service.ts';
import type { RecipientOrderRecords } from '../orders/orders.service.ts';
import type {
  RecipientFields,
  RecipientRow,
  RecipientsRepo,
  ReminderFields,
} from './recipients.repo.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
export const addDays = (instant: Date, days: number): Date =>
  new Date(instant.getTime() + days * DAY_MS);

/** Reminders turned on at `now`: the first due in `days`, nothing counted yet (ADR 0079). */
const reminderOn = (days: ReminderInterval, now: Date, language: Language): ReminderFields => ({
  remindEveryDays: days,
  remindNextAt: addDays(now, days),
  remindLanguage: language,
  remindSentAt: null,
  remindPaidMark: null,
  remindIgnored: 0,
  remindStoppedAt: null,
});
const reminderOff: ReminderFields = {
  remindEveryDays: null,
  remindNextAt: null,
  remindLanguage: null,
  remindSentAt: null,
  remindPaidMark: null,
  remindIgnored: 0,
  remindStoppedAt: null,
};

/** What a create or an edit gives (the request body after its schema: the number in 95 form). */
export interface RecipientInput {
  name?: string;
  phoneNumber?: string;
  operator?: OperatorCode;
  usualProductId?: string | null;
  /** Reminders every so many days; null turns them off; absent leaves them as they are. */
  remindEveryDays?: ReminderInterval | null;
}

const fail = (
  code: 'NOT_FOUND' | 'CONFLICT' | 'VALIDATION_ERROR',
  text: { en: string; my: string },
) => new AppError(code, text);

const toProduct = (product: Product): RecipientProduct => ({
  id: product.id,
  name: product.name,
  _nameMultilingual: product._nameMultilingual,
  price: effectivePrice(product),
  available: isAvailable(product),
});

/**
 * Saved recipients (issue 31): at most RECIPIENTS_PER_ACCOUNT_MAX numbers per account, one row per
 * number; the usual product must be a top-up or data product of the recipient's operator. Each
 * answer names the usual product and the last paid order line to the number as the catalogue
 * prices it now.
 */
export function createRecipientsService(deps: {
  repo: RecipientsRepo;
  catalogue: Pick<ProductSource, 'getProducts'>;
  orders: RecipientOrderRecords;
  clock: Clock;
}) {
  const { repo, catalogue, orders, clock } = deps;

  async function present(rows: RecipientRow[], userId: string, lang: Language) {
    const lastLines = await orders.lastPaidLinesTo(
      userId,
      rows.map((row) => row.phoneNumber),
    );
    const lastByNumber = new Map(lastLines.map((line) => [line.item.phoneNumber, line]));
    const productIds = [
      ...rows.flatMap((row) => (row.usualProductId ? [row.usualProductId] : [])),
      ...lastLines.map((line) => line.item.productId),
    ];
    const products = await catalogue.getProducts(productIds, lang);
    return rows.map((row): SavedRecipient => {
      const usual = row.usualProductId ? products.get(row.usualProductId) : undefined;
      const last = lastByNumber.get(row.phoneNumber);
      const lastProduct = last ? products.get(last.item.productId) : undefined;
      return {
        id: row.id,
        name: row.name,
        phoneNumber: row.phoneNumber,
        operator: row.operatorCode,
        usualProduct: usual ? toProduct(usual) : null,
        lastOrder:
          last && lastProduct
            ? {
                orderId: last.order.id,
                orderNumber: last.order.orderNumber,
                createdAt: last.order.createdAt.toISOString(),
                quantity: last.item.quantity,
                product: toProduct(lastProduct),
              }
            : null,
        reminder:
          row.remindEveryDays !== null && row.remindNextAt !== null
            ? { everyDays: row.remindEveryDays, nextAt: row.remindNextAt.toISOString() }
            : null,
        reminderStoppedAt: row.remindStoppedAt?.toISOString() ?? null,
        createdAt: row.createdAt.toISOString(),
      };
    });
  }

  /** The usual product, when one is named: a top-up or data product of the recipient's operator. */
  async function checkUsualProduct(
    productId: string | null | undefined,
    operator: OperatorCode,
  ): Promise<void> {
    if (!productId) return;
    const product = (await catalogue.getProducts([productId], 'en')).get(productId.toLowerCase());
    if (!product) throw fail('VALIDATION_ERROR', recipientMessages.invalidProduct);
    const productOperator = product.operator?.code ?? null;
    if (!needsRecipientPhone(product.kind) || (productOperator && productOperator !== operator))
      throw fail('VALIDATION_ERROR', recipientMessages.productNotForNumber);
  }

  /**
   * A reminder brings a ready cart: the number needs a usual product or a paid order to it
   * (readyCartLine), else turning reminders on is refused.
   */
  async function checkReminderHasCart(
    userId: string,
    phoneNumber: string,
    usualProductId: string | null | undefined,
  ): Promise<void> {
    if (usualProductId) return;
    const [last] = await orders.lastPaidLinesTo(userId, [phoneNumber]);
    if (!last) throw fail('VALIDATION_ERROR', recipientMessages.reminderNeedsProduct);
  }

  /**
   * What an edit does to the reminder: turning on (or to another interval, or on again after it
   * stopped) starts afresh from now; the same interval while on keeps its schedule and count;
   * null turns off; absent, undefined: nothing changes.
   */
  function reminderChange(
    current: RecipientRow,
    days: ReminderInterval | null | undefined,
    lang: Language,
  ): ReminderFields | undefined {
    if (days === undefined) return undefined;
    if (days === null) return reminderOff;
    const running = current.remindNextAt !== null && current.remindEveryDays === days;
    return running ? undefined : reminderOn(days, clock(), lang);
  }

  /** A second row for one number answers "already saved", whichever write found it. */
  async function uniqueNumber<T>(write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (uniqueViolation(error) !== null) throw fail('CONFLICT', recipientMessages.duplicate);
      throw error;
    }
  }

  async function own(userId: string, id: string): Promise<RecipientRow> {
    const row = isUuid(id) ? await repo.find(userId, id) : null;
    if (!row) throw fail('NOT_FOUND', recipientMessages.notFound);
    return row;
  }

  return {
    /** One row as the customer's list shows it (names in every language in `_nameMultilingual`). */
    async view(row: RecipientRow, lang: Language): Promise<SavedRecipient> {
      const [saved] = await present([row], row.userId, lang);
      return saved as SavedRecipient;
    },

    async list(userId: string, lang: Language): Promise<SavedRecipient[]> {
      return present(await repo.listFor(userId), userId, lang);
    },

    async create(
      userId: string,
      input: RecipientInput & { name: string; phoneNumber: string },
      lang: Language,
    ): Promise<SavedRecipient> {
      const operator = input.operator ?? detectOperator(input.phoneNumber);
      if (!operator) throw fail('VALIDATION_ERROR', recipientMessages.invalidOperator);
      await checkUsualProduct(input.usualProductId, operator);
      const fields: RecipientFields = {
        name: input.name,
        phoneNumber: input.phoneNumber,
        operatorCode: operator,
        usualProductId: input.usualProductId?.toLowerCase() ?? null,
      };
      if (input.remindEveryDays)
        await checkReminderHasCart(userId, input.phoneNumber, fields.usualProductId);
      const reminder = input.remindEveryDays
        ? reminderOn(input.remindEveryDays, clock(), lang)
        : {};
      const row = await uniqueNumber(() =>
        repo.insertUnderLimit(userId, { ...fields, ...reminder }, RECIPIENTS_PER_ACCOUNT_MAX),
      );
      if (!row) throw fail('CONFLICT', recipientMessages.tooMany);
      const [saved] = await present([row], userId, lang);
      return saved as SavedRecipient;
    },

    async update(
      userId: string,
      id: string,
      input: RecipientInput,
      lang: Language,
    ): Promise<SavedRecipient> {
      const current = await own(userId, id);
      const phoneNumber = input.phoneNumber ?? current.phoneNumber;
      // A new number with no operator named takes the new number's; else the kept one.
      const operator =
        input.operator ??
        (input.phoneNumber ? detectOperator(phoneNumber) : null) ??
        current.operatorCode;
      const usualProductId =
        input.usualProductId === undefined ? current.usualProductId : input.usualProductId;
      await checkUsualProduct(usualProductId, operator);
      const reminder = reminderChange(current, input.remindEveryDays, lang);
      const remindsAfter =
        reminder === undefined ? current.remindNextAt !== null : reminder.remindNextAt !== null;
      if (remindsAfter) await checkReminderHasCart(userId, phoneNumber, usualProductId);
      const row = await uniqueNumber(() =>
        repo.update(
          userId,
          current.id,
          {
            ...(input.name === undefined ? {} : { name: input.name }),
            phoneNumber,
            operatorCode: operator,
            usualProductId: usualProductId?.toLowerCase() ?? null,
            ...reminder,
          },
          clock(),
        ),
      );
      if (!row) throw fail('NOT_FOUND', recipientMessages.notFound);
      const [saved] = await present([row], userId, lang);
      return saved as SavedRecipient;
    },

    async remove(userId: string, id: string): Promise<void> {
      if (!isUuid(id) || !(await repo.remove(userId, id)))
        throw fail('NOT_FOUND', recipientMessages.notFound);
    },
  };
}
export type RecipientsService = ReturnType<typeof createRecipientsService>;
