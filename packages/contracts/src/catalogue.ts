import * as z from 'zod/mini';
import { localizedTextSchema } from './i18n.ts';

export const categorySchema = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  _nameMultilingual: localizedTextSchema,
  slug: z.string(),
  isActive: z.boolean(),
  order: z.int(),
  imageUrl: z.string(),
  icon: z.string(),
  parentId: z.nullable(z.string()),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Category = z.output<typeof categorySchema>;

export const categoryListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(categorySchema),
});
export type CategoryListResponse = z.output<typeof categoryListResponseSchema>;

const booleanQuery = z.pipe(
  z.enum(['true', 'false'], { error: 'isActive must be true or false' }),
  z.transform((v) => v === 'true'),
);

export const categoryListQuerySchema = z.object({
  isActive: z.optional(booleanQuery),
  sortField: z._default(
    z.enum(['order', 'name', 'createdAt'], { error: 'sortField must be order, name or createdAt' }),
    'order',
  ),
  sortOrder: z._default(z.enum(['asc', 'desc'], { error: 'sortOrder must be asc or desc' }), 'asc'),
});
export type CategoryListQuery = z.output<typeof categoryListQuerySchema>;
