import {
  bannerListResponseSchema,
  categoryKeyParamsSchema,
  categoryListQuerySchema,
  categoryListResponseSchema,
  exchangeRateListResponseSchema,
  productListQuerySchema,
  productListResponseSchema,
  productResponseSchema,
} from '@shop/contracts/catalogue';
import { errorBodySchema } from '@shop/contracts/errors';
import type {
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  HookHandlerDoneFunction,
  LogLevel,
} from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cachedResponse, sendCachedResponse, type ResponseCache } from '../../platform/cache.ts';
import { systemClock, yangonDay, type Clock } from '../../platform/clock.ts';
import type { Language } from '@shop/contracts/i18n';
import { assertUuid, requestLanguage } from '../../platform/http.ts';
import type { CatalogueService } from './catalogue.service.ts';

/**
 * Browsers and proxies may reuse an answer this long without asking; after that the ETag makes
 * the check a cheap 304. Short, because stock and prices change.
 */
const MAX_AGE_SECONDS = 30;

/**
 * No access log line per catalogue read: two log lines cost about a tenth of the CPU of a cached
 * answer on the shop's hottest path (measured with apps/server/bench/catalogue.bench.mjs). Server
 * errors are still logged by the error handler, as for /healthz.
 */
const LOG_LEVEL: LogLevel = 'warn';
/*
 * `compress: false` on each route: every answer here is a cached entry that carries its br and gzip
 * forms (platform/cache.ts), or a small error; @fastify/compress's hooks would only look and pass.
 */

export const catalogueRoutes =
  (
    service: CatalogueService,
    cache: ResponseCache,
    clock: Clock = systemClock,
  ): FastifyPluginAsyncZod =>
  // eslint-disable-next-line @typescript-eslint/require-await
  async (app) => {
    /**
     * The catalogue is the hottest path: answers are cached as the bytes sent, per route,
     * parameters and language. The schema still checks (and strips) what is stored, exactly as the
     * response serialiser would.
     */
    // Accept-Language values repeat endlessly; parsing each costs more than a lookup.
    const languages = new Map<string, Language>();
    const languageOf = (request: FastifyRequest): Language => {
      const header = request.headers['accept-language'] ?? '';
      let lang = languages.get(header);
      if (lang === undefined) {
        lang = requestLanguage(request);
        if (languages.size < 256) languages.set(header, lang);
      }
      return lang;
    };
    /** The answer to this exact URL in this language, as cached by an earlier identical request. */
    const urlKey = (request: FastifyRequest) => `url:${languageOf(request)}:${request.url}`;

    /**
     * Fast path, before validation and the handler: an exact repeat of a request already answered
     * gets the cached bytes at once (the handler stores each answer under its URL too).
     */
    const serveCachedAt =
      (keyOf: (request: FastifyRequest) => string) =>
      (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction): void => {
        const entry = cache.peek(keyOf(request));
        if (entry) {
          sendCachedResponse(request, reply, entry, MAX_AGE_SECONDS);
          return;
        }
        done();
      };
    const serveCachedUrl = serveCachedAt(urlKey);
    /**
     * Home's banners change with the Yangon day (an end date passes at midnight there, issue 26):
     * their answers are cached per day, on the server's clock.
     */
    const bannerUrlKey = (request: FastifyRequest) => `${urlKey(request)}#${yangonDay(clock())}`;

    /** A catalogue read's options: its schema, and its answer served from the cache when it can. */
    const cachedRead = <S extends FastifySchema>(schema: S, onRequest = serveCachedUrl) => ({
      config: { requestLimit: 'catalogue' as const },
      logLevel: LOG_LEVEL,
      onRequest,
      compress: false as const,
      schema: { tags: ['catalogue'], ...schema },
    });

    const cached = async <S extends z.core.$ZodType>(
      request: FastifyRequest,
      reply: FastifyReply,
      key: string,
      schema: S,
      compute: () => Promise<z.input<S>>,
      alias = urlKey(request),
    ): Promise<FastifyReply> => {
      const entry = await cache.getOrCompute(
        key,
        async () => cachedResponse(JSON.stringify(z.parse(schema, await compute()))),
        alias,
      );
      return sendCachedResponse(request, reply, entry, MAX_AGE_SECONDS);
    };

    app.get(
      '/api/v1/categories/parents',
      cachedRead({
        summary: 'Top-level categories',
        querystring: categoryListQuerySchema,
        response: { 200: categoryListResponseSchema, 400: errorBodySchema },
      }),
      async (request, reply) => {
        const lang = languageOf(request);
        const q = request.query;
        return cached(
          request,
          reply,
          `categories:${lang}:root:${String(q.isActive)}:${q.sortField}:${q.sortOrder}`,
          categoryListResponseSchema,
          async () => ({
            success: true as const,
            data: await service.listParentCategories(q, lang),
          }),
        );
      },
    );

    app.get(
      '/api/v1/categories/parent/:id',
      cachedRead({
        summary: 'Sub-categories of a category',
        params: z.object({ id: z.string() }),
        querystring: categoryListQuerySchema,
        response: { 200: categoryListResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
      }),
      async (request, reply) => {
        const lang = languageOf(request);
        const q = request.query;
        const id = assertUuid(request.params.id, 'Category not found');
        return cached(
          request,
          reply,
          `categories:${lang}:${id}:${String(q.isActive)}:${q.sortField}:${q.sortOrder}`,
          categoryListResponseSchema,
          async () => ({
            success: true as const,
            data: await service.listChildCategories(id, q, lang),
          }),
        );
      },
    );

    app.get(
      '/api/v1/products/category/:categoryId',
      cachedRead({
        summary: 'Products of a category, paged and sorted',
        description:
          'categoryId is the category id or its slug (mobile-topup, data-package…), so the ' +
          '/product/{categorySlug} page can call it directly. Products of sub-categories are ' +
          'included. sortField price sorts by what the customer pays (discountPrice, else ' +
          'price); name sorts by the name in the Accept-Language language; ties by id.',
        params: categoryKeyParamsSchema,
        querystring: productListQuerySchema,
        response: { 200: productListResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
      }),
      async (request, reply) => {
        const lang = languageOf(request);
        const q = request.query;
        const key = request.params.categoryId;
        return cached(
          request,
          reply,
          `products:${lang}:${key}:${q.page}:${q.limit}:${q.sortField}:${q.sortOrder}:${q.operator ?? ''}`,
          productListResponseSchema,
          async () => ({ success: true as const, ...(await service.listProducts(key, q, lang)) }),
        );
      },
    );

    app.get(
      '/api/v1/products/:id',
      cachedRead({
        summary: 'One product',
        params: z.object({ id: z.string() }),
        response: { 200: productResponseSchema, 404: errorBodySchema },
      }),
      async (request, reply) => {
        const lang = languageOf(request);
        const id = request.params.id;
        return cached(request, reply, `product:${lang}:${id}`, productResponseSchema, async () => ({
          success: true as const,
          data: await service.getProduct(id, lang),
        }));
      },
    );

    app.get(
      '/api/v1/ads/banner',
      cachedRead(
        {
          summary: 'Home-page banners, in display order',
          response: { 200: bannerListResponseSchema },
        },
        serveCachedAt(bannerUrlKey),
      ),
      async (request, reply) => {
        const lang = languageOf(request);
        const today = yangonDay(clock());
        return cached(
          request,
          reply,
          `banners:${lang}:${today}`,
          bannerListResponseSchema,
          async () => ({ success: true as const, ads: await service.listBanners(lang, today) }),
          bannerUrlKey(request),
        );
      },
    );

    app.get(
      '/api/v1/exchange-rates',
      cachedRead({
        summary: 'Exchange rates to kyat (active and inactive)',
        response: { 200: exchangeRateListResponseSchema },
      }),
      async (request, reply) =>
        cached(request, reply, 'exchange-rates', exchangeRateListResponseSchema, async () => ({
          success: true as const,
          data: await service.listExchangeRates(),
        })),
    );
  };
