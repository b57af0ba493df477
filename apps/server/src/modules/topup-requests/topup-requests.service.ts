import { randomBytes } from 'node:crypto';
import type { Product } from '@shop/contracts/catalogue';
import type { Language } from '@shop/contracts/i18n';
import { localDigits } from '@shop/contracts/languages';
import { detectOperator, formatRecipientNumber, maskPhoneNumber } from '@shop/contracts/phone';
import { needsRecipientPhone } from '@shop/contracts/phone-products';
import {
  TOPUP_REQUEST_DAYS,
  TOPUP_REQUESTS_DAILY_MAX,
  TOPUP_REQUESTS_OPEN_MAX,
  topupRequestMessages,
  topupRequestPaidTexts,
  type OwnTopupRequest,
  type PublicTopupRequest,
  type TopupRequestStatus,
} from '@shop/contracts/topup-requests';
import type { Clock } from '../../platform/clock.ts';
import type { Db } from '../../platform/db.ts';
import { AppError } from '../../platform/errors.ts';
import type { JobLane, JobRow } from '../../platform/job-worker.ts';
import { enqueueJob } from '../../platform/jobs.ts';
import type { Mailer } from '../../platform/messaging.ts';
import {
  effectivePrice,
  isAvailable,
  userCartOwner,
  type CartService,
  type ProductSource,
} from '../cart/cart.service.ts';
import type { PushService } from '../notifications/push.service.ts';
import { screenedNote, type ContentScreen } from '../sharing/sharing.module.ts';
import {
  createTopupRequestsRepo,
  type TopupRequestRow,
  type TopupRequestsRepo,
} from './topup-requests.repo.ts';

/** 24 random bytes in base64url: 32 characters, 192 bits. */
const TOKEN = /^[A-Za-z0-9_-]{32}$/;
const DAY_MS = 86_400_000;
/** The requester is told by this job, queued in the transaction that finished the order. */
export const TOPUP_REQUEST_PAID_JOB = 'topup_request_paid';
/** The requests the maker's list shows (the newest). */
const LIST_MAX = 30;

type Fail = 'NOT_FOUND' | 'CONFLICT' | 'VALIDATION_ERROR' | 'TOO_MANY_REQUESTS';
const fail = (code: Fail, text: { en: string; my: string }, lang: Language) =>
  new AppError(code, text[lang]);

const statusOf = (row: TopupRequestRow, now: Date): TopupRequestStatus =>
  row.status === 'open' && row.expiresAt <= now ? 'expired' : row.status;

/**
 * "Top me up" request links (issue 31, ADR 0080). A signed-in customer asks for a top-up or data
 * product of their own number's operator, with a note screened as gift-link notes are; whoever
 * holds the link sees the number masked, the product and its price, and puts it in their own cart
 * (signed in) as a line that names the request. When such a line is delivered, the request is
 * topped up and its maker told once (push and e-mail, in the request's language).
 * Unknown, cancelled-long-ago or malformed tokens all answer the same 404.
 */
export function createTopupRequestsService(deps: {
  repo: TopupRequestsRepo;
  catalogue: Pick<ProductSource, 'getProducts'>;
  cart: Pick<CartService, 'add'>;
  screen: ContentScreen;
  clock: Clock;
  publicUrl: string;
  push: Pick<PushService, 'sendToAccount'>;
  mailer: Mailer;
  /** The account's proven e-mail address, or null. */
  accountEmail: (userId: string) => Promise<string | null>;
  /** Job slots of the telling (a lane of the job worker). */
  concurrency: number;
}) {
  const { repo, catalogue, clock } = deps;
  const urlOf = (token: string) => `${deps.publicUrl}/topmeup/${token}`;

  async function productOf(productId: string, lang: Language): Promise<Product | null> {
    return (await catalogue.getProducts([productId], lang)).get(productId.toLowerCase()) ?? null;
  }

  const toProduct = (product: Product) => ({
    id: product.id,
    name: product.name,
    _nameMultilingual: product._nameMultilingual,
    price: effectivePrice(product),
    available: isAvailable(product),
  });

  async function presentOwn(rows: TopupRequestRow[], lang: Language): Promise<OwnTopupRequest[]> {
    const products = await catalogue.getProducts(
      [...new Set(rows.map((row) => row.productId))],
      lang,
    );
    const now = clock();
    return rows.flatMap((row) => {
      const product = products.get(row.productId);
      if (!product) return [];
      return [
        {
          token: row.id,
          url: urlOf(row.id),
          phoneNumber: row.phoneNumber,
          operator: row.operatorCode,
          product: toProduct(product),
          note: row.note,
          status: statusOf(row, now),
          createdAt: row.createdAt.toISOString(),
          expiresAt: row.expiresAt.toISOString(),
          toppedUpAt: row.toppedUpAt?.toISOString() ?? null,
        },
      ];
    });
  }

  /** The note as it will be stored, or the gift links' refusal as a 400 (503 when it cannot tell). */
  async function screenNote(note: string, lang: Language): Promise<string> {
    if (note.trim() === '') return '';
    return screenedNote(deps.screen, note, lang);
  }

  async function findByToken(token: string, lang: Language): Promise<TopupRequestRow> {
    const row = TOKEN.test(token) ? await repo.find(token) : null;
    if (!row) throw fail('NOT_FOUND', topupRequestMessages.notFound, lang);
    return row;
  }

  /** Tells the requester their top-up arrived: push to their devices, e-mail to their address. */
  async function tell(requestId: string): Promise<void> {
    const row = await repo.find(requestId);
    if (!row || row.status !== 'topped_up') return;
    const lang = row.language;
    const product = await productOf(row.productId, lang);
    const textFor = (language: Language) =>
      topupRequestPaidTexts.body[language]
        .replace('{product}', product?._nameMultilingual[language] ?? '')
        .replace('{number}', localDigits(formatRecipientNumber(row.phoneNumber), language));
    await deps.push.sendToAccount(row.userId, `${TOPUP_REQUEST_PAID_JOB}:${row.id}`, {
      payload: (language) => ({
        event: 'topup_request_paid',
        title: topupRequestPaidTexts.title[language],
        body: textFor(language),
        url: '/topmeup',
        tag: `topup_request_paid:${row.id}`,
      }),
      urgency: 'high',
      topic: 'topup-request-paid',
    });
    const email = await deps.accountEmail(row.userId);
    if (email)
      await deps.mailer.send({
        to: email,
        subject: topupRequestPaidTexts.title[lang],
        text: `${textFor(lang)}\n\n${topupRequestPaidTexts.emailFooter[lang].replace('{url}', `${deps.publicUrl}/topmeup`)}\n`,
      });
  }

  return {
    async create(
      userId: string,
      input: { phoneNumber: string; productId: string; note: string },
      lang: Language,
    ): Promise<OwnTopupRequest> {
      const operator = detectOperator(input.phoneNumber);
      if (!operator) throw fail('VALIDATION_ERROR', topupRequestMessages.invalidOperator, lang);
      const product = await productOf(input.productId, lang);
      if (!product || !needsRecipientPhone(product.kind))
        throw fail('VALIDATION_ERROR', topupRequestMessages.chooseProduct, lang);
      const productOperator = product.operator?.code ?? null;
      if (productOperator && productOperator !== operator)
        throw fail('VALIDATION_ERROR', topupRequestMessages.productNotForNumber, lang);
      if (!isAvailable(product))
        throw fail('CONFLICT', topupRequestMessages.productUnavailable, lang);
      const note = await screenNote(input.note, lang);
      const now = clock();
      const row = await repo.insertUnderLimits(
        {
          id: randomBytes(24).toString('base64url'),
          userId,
          phoneNumber: input.phoneNumber,
          operatorCode: operator,
          productId: product.id,
          note,
          language: lang,
          createdAt: now,
          expiresAt: new Date(now.getTime() + TOPUP_REQUEST_DAYS * DAY_MS),
        },
        {
          openMax: TOPUP_REQUESTS_OPEN_MAX,
          dailyMax: TOPUP_REQUESTS_DAILY_MAX,
          dayAgo: new Date(now.getTime() - DAY_MS),
        },
      );
      if (row === 'open') throw fail('CONFLICT', topupRequestMessages.tooManyOpen, lang);
      if (row === 'daily') throw fail('TOO_MANY_REQUESTS', topupRequestMessages.tooManyToday, lang);
      const [own] = await presentOwn([row], lang);
      if (!own) throw new Error('top-up request made of a product that is gone');
      return own;
    },

    async list(userId: string, lang: Language): Promise<OwnTopupRequest[]> {
      return presentOwn(await repo.listFor(userId, LIST_MAX), lang);
    },

    /** Cancels an open request of the account (404 for another's, 409 when no longer open). */
    async cancel(userId: string, token: string, lang: Language): Promise<OwnTopupRequest> {
      const current = await findByToken(token, lang);
      if (current.userId !== userId) throw fail('NOT_FOUND', topupRequestMessages.notFound, lang);
      if (statusOf(current, clock()) !== 'open')
        throw fail('CONFLICT', topupRequestMessages.notOpen, lang);
      const row = await repo.cancel(userId, current.id, clock());
      if (!row) throw fail('CONFLICT', topupRequestMessages.notOpen, lang);
      const [own] = await presentOwn([row], lang);
      if (!own) throw fail('NOT_FOUND', topupRequestMessages.notFound, lang);
      return own;
    },

    /** What whoever holds the link sees: the number masked, nothing of the account. */
    async view(token: string, lang: Language): Promise<PublicTopupRequest> {
      const row = await findByToken(token, lang);
      const product = await productOf(row.productId, lang);
      if (!product) throw fail('NOT_FOUND', topupRequestMessages.notFound, lang);
      return {
        token: row.id,
        maskedNumber: maskPhoneNumber(row.phoneNumber),
        operator: row.operatorCode,
        product: toProduct(product),
        note: row.note,
        status: statusOf(row, clock()),
        expiresAt: row.expiresAt.toISOString(),
      };
    },

    /**
     * "Pay for this top-up": the product for the number goes into the signed-in payer's cart (the
     * number never passes through their browser on the way) and the payer is recorded.
     */
    async addToCart(payerId: string, token: string, lang: Language): Promise<void> {
      const row = await findByToken(token, lang);
      if (statusOf(row, clock()) !== 'open')
        throw fail('CONFLICT', topupRequestMessages.notOpen, lang);
      await repo.addPayer(row.id, payerId);
      await deps.cart.add(
        userCartOwner(payerId),
        {
          productId: row.productId,
          quantity: 1,
          phoneNumber: row.phoneNumber,
          topupRequestId: row.id,
        },
        lang,
      );
    },

    /**
     * Fulfilment's word, in the transaction that finished the order: these lines of the buyer's
     * order were delivered. The requests they name (the line came from the request's "Pay") are
     * topped up and their makers' telling queued (once each: the job's dedupe key). A line bought
     * without the link names none and tops nothing up, whoever bought it.
     */
    async linesDelivered(
      tx: Db,
      order: { id: string; userId: string },
      lines: { productId: string; phoneNumber: string; topupRequestId: string | null }[],
    ): Promise<void> {
      const paid = await createTopupRequestsRepo(tx).markToppedUp(
        lines.flatMap((line) =>
          line.topupRequestId === null
            ? []
            : [
                {
                  requestId: line.topupRequestId,
                  productId: line.productId,
                  phoneNumber: line.phoneNumber,
                },
              ],
        ),
        order.id,
        clock(),
      );
      for (const row of paid)
        await enqueueJob(tx, {
          type: TOPUP_REQUEST_PAID_JOB,
          dedupeKey: `${TOPUP_REQUEST_PAID_JOB}:${row.id}`,
          payload: { requestId: row.id },
        });
    },

    /** The telling's job, in a lane of the job worker of its own. */
    lane: {
      concurrency: deps.concurrency,
      types: {
        [TOPUP_REQUEST_PAID_JOB]: {
          handle: (job: JobRow) => {
            const { requestId } = job.payload;
            if (typeof requestId !== 'string')
              throw new Error(`top-up request job ${job.id} has no requestId`);
            return tell(requestId);
          },
        },
      },
    } satisfies JobLane,
  };
}
export type TopupRequestsService = ReturnType<typeof createTopupRequestsService>;
