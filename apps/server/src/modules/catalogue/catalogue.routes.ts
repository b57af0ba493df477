import { categoryListQuerySchema, categoryListResponseSchema } from '@shop/contracts/catalogue';
import { errorBodySchema } from '@shop/contracts/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { assertUuid, requestLanguage } from '../../platform/http.ts';
import type { CatalogueService } from './catalogue.service.ts';

export const catalogueRoutes =
  (service: CatalogueService): FastifyPluginAsyncZod =>
  // eslint-disable-next-line @typescript-eslint/require-await
  async (app) => {
    app.get(
      '/api/v1/categories/parents',
      {
        schema: {
          tags: ['catalogue'],
          summary: 'Top-level categories',
          querystring: categoryListQuerySchema,
          response: { 200: categoryListResponseSchema, 400: errorBodySchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: await service.listParentCategories(request.query, requestLanguage(request)),
      }),
    );

    app.get(
      '/api/v1/categories/parent/:id',
      {
        schema: {
          tags: ['catalogue'],
          summary: 'Sub-categories of a category',
          params: z.object({ id: z.string() }),
          querystring: categoryListQuerySchema,
          response: { 200: categoryListResponseSchema, 400: errorBodySchema, 404: errorBodySchema },
        },
      },
      async (request) => ({
        success: true as const,
        data: await service.listChildCategories(
          assertUuid(request.params.id, 'Category not found'),
          request.query,
          requestLanguage(request),
        ),
      }),
    );
  };
