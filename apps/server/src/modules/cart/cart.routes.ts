import { isGuestId } from '@shop/contracts/auth';
import {
  cartAddRequestSchema,
  cartMessages,
  cartProductParamsSchema,
  cartRemoveQuerySchema,
  cartResponseSchema,
  cartUpdateRequestSchema,
  removeUnavailableResponseSchema,
  type Cart,
  type CartResponse,
} from '@shop/contracts/cart';
import type { Language } from '@shop/contracts/i18n';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AuthGuard } from '../../platform/auth.ts';
import { errorResponses, requestLanguage } from '../../platform/http.ts';
import { cartOwner, type CartService } from './cart.service.ts';

const errors = errorResponses(400, 401, 404, 409);

const answer = (message: { en: string; my: string }, lang: Language, data: Cart): CartResponse => ({
  success: true,
  message: message[lang],
  data,
});

/** The guest id a signed-in request still carries in header gid (the web sends it once after login). */
function headerGuestId(request: FastifyRequest): string | null {
  const header = request.headers.gid;
  const gid = Array.isArray(header) ? header[0] : header;
  return isGuestId(gid) ? gid : null;
}

/**
 * Cart calls (shopping spec §7 "Cart") for guests (header gid, or a new guest id issued in the gid
 * cookie and x-guest-id header) and users (bearer).
 *
 * Guest-to-user merge: GET /api/v1/cart with a bearer token AND header gid moves the guest's lines
 * into the user's cart. The web reloads the cart when sign-in changes (spec §4) and still knows the
 * guest id at that moment, so the merge needs no change to the login call.
 */
export const cartRoutes =
  (service: CartService, guard: AuthGuard): FastifyPluginAsyncZod =>
  // eslint-disable-next-line @typescript-eslint/require-await
  async (app) => {
    const tags = ['cart'];
    /** The cart a request works on (its user's or guest's, see resolveCaller) and its language. */
    const cartOf = async (request: FastifyRequest, reply: FastifyReply) => ({
      owner: cartOwner(await guard.resolveCaller(request, reply)),
      lang: requestLanguage(request),
    });

    app.get(
      '/api/v1/cart',
      {
        schema: {
          tags,
          summary:
            'The cart, priced from the database; merges a guest cart named by gid into the user cart',
          response: { 200: cartResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const lang = requestLanguage(request);
        const caller = await guard.resolveCaller(request, reply);
        if (caller.kind === 'user') {
          const gid = headerGuestId(request);
          if (gid) await service.mergeGuestCart(gid, caller.userId);
        }
        return answer(cartMessages.fetched, lang, await service.getCart(cartOwner(caller), lang));
      },
    );

    app.post(
      '/api/v1/cart/add',
      {
        config: { requestLimit: 'cart' },
        schema: {
          tags,
          summary:
            'Add units of a product (1 to 20 per line); top-up and data lines take phoneNumber',
          body: cartAddRequestSchema,
          response: { 200: cartResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { owner, lang } = await cartOf(request, reply);
        const cart = await service.add(owner, request.body, lang);
        return answer(cartMessages.added, lang, cart);
      },
    );

    app.put(
      '/api/v1/cart/update',
      {
        config: { requestLimit: 'cart' },
        schema: {
          tags,
          summary:
            'Set the quantity (1 to 20) and optionally the recipient phone number of a line (lineId, or the product’s only line)',
          body: cartUpdateRequestSchema,
          response: { 200: cartResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { owner, lang } = await cartOf(request, reply);
        const cart = await service.update(owner, request.body, lang);
        return answer(cartMessages.updated, lang, cart);
      },
    );

    app.delete(
      '/api/v1/cart/remove/:productId',
      {
        config: { requestLimit: 'cart' },
        schema: {
          tags,
          summary: 'Remove a line (?lineId=) or every line of a product from the cart (idempotent)',
          params: cartProductParamsSchema,
          querystring: cartRemoveQuerySchema,
          response: { 200: cartResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { owner, lang } = await cartOf(request, reply);
        const cart = await service.remove(
          owner,
          request.params.productId,
          request.query.lineId,
          lang,
        );
        return answer(cartMessages.removed, lang, cart);
      },
    );

    app.delete(
      '/api/v1/cart/clear',
      {
        config: { requestLimit: 'cart' },
        schema: {
          tags,
          summary: 'Empty the cart',
          response: { 200: cartResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { owner, lang } = await cartOf(request, reply);
        return answer(cartMessages.cleared, lang, await service.clear(owner, lang));
      },
    );

    app.post(
      '/api/v1/cart/remove-unavailable',
      {
        config: { requestLimit: 'cart' },
        schema: {
          tags,
          summary: 'Remove the lines whose product can no longer be bought',
          response: { 200: removeUnavailableResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const { owner, lang } = await cartOf(request, reply);
        const { cart, removed } = await service.removeUnavailable(owner, lang);
        return {
          success: true as const,
          message: cartMessages.unavailableRemoved[lang],
          data: { ...cart, removedProductIds: removed },
        };
      },
    );
  };
