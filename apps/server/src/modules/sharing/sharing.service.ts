import { randomBytes } from 'node:crypto';
import type { Language } from '@shop/contracts/i18n';
import type { Order } from '@shop/contracts/orders';
import { orderMessages } from '@shop/contracts/order-messages';
import {
  builtInShareTypes,
  isBuiltInShareType,
  SHARE_TYPES_MAX,
  shareMessages,
  type AiLimitStatus,
  type ShareLink,
  type SharedOrder,
  type ShareStyle,
  type ShareType,
  type ShareTypeListQuery,
} from '@shop/contracts/sharing';
import type { PaginationMeta } from '@shop/contracts/catalogue';
import { startOfYangonDay, type Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors.ts';
import type { OrderCardRow } from '../fulfilment/fulfilment.service.ts';
import type { OrderWithItems } from '../orders/orders.service.ts';
import type { ContentScreen } from './content-screen.ts';
import { screenedNote } from './screened-note.ts';
import { builtInStyles, type StyleGenerator } from './share-style.ts';
import type { ShareRow, ShareTypeRow, SharingRepo } from './sharing.repo.ts';
import { isUuid } from '@shop/contracts/ids';

/** 24 random bytes in base64url: 32 characters, 192 bits. */
const SHARE_ID = /^[A-Za-z0-9_-]{32}$/;
const DAY_MS = 86_400_000;
/** Asia/Yangon is UTC+06:30 all year (no daylight saving). */

export interface SharingConfig {
  publicUrl: string;
  /** Days a link stays valid (SHARE_LINK_DAYS). */
  linkDays: number;
  /** AI styles a user may generate per Yangon day (SHARE_AI_DAILY_LIMIT). */
  aiDailyLimit: number;
}

/** 09•••••123: enough for the recipient to know the number, not enough to copy it. */
const maskPhone = (phone: string | null): string | null => {
  if (!phone) return null;
  const local = phone.startsWith('95') ? `0${phone.slice(2)}` : phone;
  return local.length <= 5
    ? local
    : `${local.slice(0, 2)}${'•'.repeat(local.length - 5)}${local.slice(-3)}`;
};

/**
 * Gift links of completed orders and the buyer's share types (shopping spec §3–§9, issue 15).
 * Only the buyer makes, disables or sees an order's link; anyone with a live link reads the
 * order (no prices, no PINs) and reveals its cards one by one. Unknown, disabled and expired
 * links all answer the same "may not exist or has expired".
 */
export function createSharingService(deps: {
  repo: SharingRepo;
  config: SharingConfig;
  clock: Clock;
  screen: ContentScreen;
  styles: StyleGenerator;
  /** The order with its lines (orders module). */
  findOrder: (orderId: string) => Promise<OrderWithItems | null>;
  /** The order as its buyer sees it, PINs of unscratched cards null (orders module). */
  orderView: (orderId: string, lang: Language) => Promise<Order | null>;
  findDeliveredCard: (cardId: string) => Promise<OrderCardRow | null>;
  readPins: (cardIds: string[]) => Promise<Map<string, { pin: string; serial: string }>>;
  accountName: (userId: string) => Promise<string>;
}) {
  const { repo, config, clock } = deps;

  const shareUrl = (id: string) => `${config.publicUrl}/sharewith/${id}`;
  const toLink = (row: ShareRow, message: string): ShareLink => ({
    shareId: row.id,
    shareUrl: shareUrl(row.id),
    type: row.type,
    expiresAt: row.expiresAt.toISOString(),
    message,
  });
  const builtIn = (title: (typeof builtInShareTypes)[number]): ShareType => ({
    id: null,
    title,
    builtIn: true,
    style: builtInStyles[title],
    createdAt: null,
  });
  const own = (row: ShareTypeRow): ShareType => ({
    id: row.id,
    title: row.title,
    builtIn: false,
    style: row.style,
    createdAt: row.createdAt.toISOString(),
  });

  async function ownedOrder(userId: string, orderId: string, lang: Language) {
    const found = isUuid(orderId) ? await deps.findOrder(orderId) : null;
    if (!found || found.order.userId !== userId)
      throw new AppError('NOT_FOUND', orderMessages.orderNotFound[lang]);
    return found.order;
  }

  /**
   * The link with this id while it is live: not disabled, not expired, and its order's sharing not
   * turned off since (a scratch or an invoice by the buyer). Null for every other case alike.
   */
  async function liveShare(shareId: string): Promise<ShareRow | null> {
    if (!SHARE_ID.test(shareId)) return null;
    const share = await repo.findLiveShare(shareId, clock());
    if (!share) return null;
    const order = await deps.findOrder(share.orderId);
    return order?.order.sharingDisabledAt === null ? share : null;
  }

  /** The note as it will be stored, or the screen's refusal as a 400 (503 when it cannot tell). */
  const screenNote = (note: string, lang: Language) => screenedNote(deps.screen, note, lang);

  /** The type as it will be stored: a built-in's key, or the caller's own type's title. */
  async function typeOf(
    userId: string,
    type: string,
    lang: Language,
  ): Promise<{ title: string; style: ShareStyle }> {
    if (isBuiltInShareType(type)) return { title: type, style: builtInStyles[type] };
    const custom = await deps.repo.findShareType(userId, type.trim());
    if (!custom) throw new AppError('VALIDATION_ERROR', shareMessages.chooseType[lang]);
    return custom;
  }

  return {
    /** POST /orders/{id}/share: 'created' (201) or 'exists' (208, the live link). */
    async share(
      userId: string,
      orderId: string,
      body: { type: string; note: string },
      lang: Language,
    ): Promise<{ outcome: 'created' | 'exists'; link: ShareLink }> {
      const order = await ownedOrder(userId, orderId, lang);
      if (order.status === 'failed')
        throw new AppError('CONFLICT', shareMessages.failedNotShareable[lang]);
      if (order.status === 'cancelled')
        throw new AppError('CONFLICT', shareMessages.cancelledNotShareable[lang]);
      if (order.status !== 'completed')
        throw new AppError('CONFLICT', shareMessages.onlyCompleted[lang]);
      if (order.sharingDisabledAt)
        throw new AppError('CONFLICT', shareMessages.sharingTurnedOff[lang]);
      const now = clock();
      const live = await repo.liveShareOf(orderId, now);
      if (live) return { outcome: 'exists', link: toLink(live, shareMessages.linkExists[lang]) };
      const { title: type, style } = await typeOf(userId, body.type, lang);
      const note = await screenNote(body.note, lang);
      const created = await repo.createShare(
        {
          id: randomBytes(24).toString('base64url'),
          orderId,
          userId,
          type,
          style,
          note,
          createdAt: now,
          expiresAt: new Date(now.getTime() + config.linkDays * DAY_MS),
        },
        now,
      );
      if (created)
        return { outcome: 'created', link: toLink(created, shareMessages.linkCreated[lang]) };
      // Another request made the link at the same moment: that one is the order's link.
      const winner = await repo.liveShareOf(orderId, now);
      if (!winner) throw new Error('share link neither created nor found');
      return { outcome: 'exists', link: toLink(winner, shareMessages.linkExists[lang]) };
    },

    /** DELETE /orders/{id}/share: the link stops working at once (idempotent). */
    async disable(userId: string, orderId: string, lang: Language): Promise<void> {
      await ownedOrder(userId, orderId, lang);
      await repo.disableShare(orderId, clock());
    },

    /** When a link's holder first revealed each delivered card, by order_cards.id. */
    recipientReveals(orderCardIds: string[]): Promise<Map<string, Date>> {
      return repo.revealsOf(orderCardIds);
    },

    /** The live links of the buyer's orders, for the order answers. */
    async liveSharesOf(orderIds: string[]) {
      const rows = await repo.liveSharesOf(orderIds, clock());
      return new Map(
        rows.map((row) => [
          row.orderId,
          {
            shareId: row.id,
            shareUrl: shareUrl(row.id),
            type: row.type,
            expiresAt: row.expiresAt.toISOString(),
            createdAt: row.createdAt.toISOString(),
          },
        ]),
      );
    },

    /** GET /shares/{id}: the shared order as anyone with the link sees it. */
    async read(shareId: string, lang: Language): Promise<SharedOrder> {
      const notFound = new AppError('NOT_FOUND', shareMessages.shareNotFound[lang]);
      const share = await liveShare(shareId);
      if (!share) throw notFound;
      const [order, sender] = await Promise.all([
        deps.orderView(share.orderId, lang),
        deps.accountName(share.userId),
      ]);
      if (!order) throw notFound;
      return {
        shareId: share.id,
        type: {
          id: null,
          title: share.type,
          builtIn: isBuiltInShareType(share.type),
          style: share.style,
          createdAt: null,
        },
        note: share.note,
        senderName: sender.trim().split(/\s+/)[0] ?? '',
        createdAt: share.createdAt.toISOString(),
        expiresAt: share.expiresAt.toISOString(),
        order: {
          orderNumber: order.orderNumber,
          completedAt: order.completedAt,
          items: order.items.map((item) => ({
            itemId: item.itemId,
            name: item.name,
            kind: item.type,
            quantity: item.quantity,
            phoneNumber: maskPhone(item.phoneNumber),
            operator: item.operator,
            eload: item.eload,
            cards: item.cards.map((card) => ({
              cardId: card.cardId,
              name: card.name,
              serialNumber: card.serialNumber,
              expiresAt: card.expiresAt,
              faceValue: card.faceValue,
              revealedAt: card.openedByRecipientAt,
            })),
            instructions: item.instructions,
          })),
        },
      };
    },

    /** PUT /shares/{id}/cards/{cardId}/scratch: the PIN to the link's holder, the reveal recorded. */
    async scratch(shareId: string, cardId: string, lang: Language) {
      const share = await liveShare(shareId);
      if (!share) throw new AppError('NOT_FOUND', shareMessages.shareNotFound[lang]);
      const delivered = isUuid(cardId) ? await deps.findDeliveredCard(cardId) : null;
      if (delivered?.orderId !== share.orderId)
        throw new AppError('NOT_FOUND', orderMessages.cardNotFound[lang]);
      const revealed = (await deps.readPins([cardId])).get(cardId);
      if (!revealed) throw new AppError('NOT_FOUND', orderMessages.cardNotFound[lang]);
      await repo.recordReveal(share.id, delivered.id);
      return { cardId, pin: revealed.pin, serialNumber: revealed.serial, scratched: true as const };
    },

    /** GET /sharetypes: the built-ins, then the user's own (oldest first), paged together. */
    async listTypes(
      userId: string,
      query: ShareTypeListQuery,
    ): Promise<{ types: ShareType[]; meta: PaginationMeta }> {
      const search = query.search?.trim().toLowerCase();
      const all = [
        ...builtInShareTypes.filter((t) => !search || t.includes(search)).map(builtIn),
        ...(await repo.shareTypesOf(userId, search)).map(own),
      ];
      const start = (query.page - 1) * query.limit;
      return {
        types: all.slice(start, start + query.limit),
        meta: {
          page: query.page,
          limit: query.limit,
          total: all.length,
          totalPages: Math.max(1, Math.ceil(all.length / query.limit)),
        },
      };
    },

    /** POST /sharetypes: a custom type; its title is screened like a note (the recipient sees it). */
    async addType(
      userId: string,
      body: { title: string; style?: ShareStyle },
      lang: Language,
    ): Promise<ShareType> {
      if (isBuiltInShareType(body.title.toLowerCase()))
        throw new AppError('CONFLICT', shareMessages.typeExists[lang]);
      const title = await screenNote(body.title, lang);
      const style = body.style ?? (await deps.styles.generate(title));
      const added = await repo.addShareType(userId, title, style, SHARE_TYPES_MAX);
      if (added === 'limit') throw new AppError('CONFLICT', shareMessages.typeLimit[lang]);
      if (added === 'exists') throw new AppError('CONFLICT', shareMessages.typeExists[lang]);
      return own(added);
    },

    async deleteType(userId: string, id: string, lang: Language): Promise<void> {
      const deleted = isUuid(id) && (await repo.deleteShareType(userId, id));
      if (!deleted) throw new AppError('NOT_FOUND', shareMessages.typeNotFound[lang]);
    },

    /** POST /sharetypes/generate-style: counted against the daily limit, keyed by the title. */
    async generateStyle(
      userId: string,
      title: string,
      lang: Language,
    ): Promise<Record<string, ShareStyle>> {
      const screened = await screenNote(title, lang);
      const now = clock();
      const taken = await repo.takeStyleGeneration(
        userId,
        screened,
        startOfYangonDay(now),
        config.aiDailyLimit,
        now,
      );
      if (!taken)
        throw new AppError('TOO_MANY_REQUESTS', shareMessages.aiLimitReached[lang], undefined, {
          retryAfterSeconds: Math.ceil(
            (startOfYangonDay(now).getTime() + DAY_MS - now.getTime()) / 1000,
          ),
        });
      return { [screened]: await deps.styles.generate(screened) };
    },

    async aiLimitStatus(userId: string): Promise<AiLimitStatus> {
      const now = clock();
      const dayStart = startOfYangonDay(now);
      const used = await repo.styleGenerationsSince(userId, dayStart);
      return {
        used,
        limit: config.aiDailyLimit,
        remaining: Math.max(0, config.aiDailyLimit - used),
        resetsAt: new Date(dayStart.getTime() + DAY_MS).toISOString(),
      };
    },
  };
}

export type SharingService = ReturnType<typeof createSharingService>;
