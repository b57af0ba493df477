import { z } from 'zod';
import { localizedTextSchema } from './i18n.ts';

export const categorySchema = z.object({
  _id: z.string(),
  id: z.string(),
  name: z.string(),
  _nameMultilingual: localizedTextSchema,
  slug: z.string(),
  isActive: z.boolean(),
  order: z.number().int(),
  imageUrl: z.string(),
  icon: z.string(),
  parentId: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryListResponseSchema = z.object({
  success: z.literal(true),
  data: z.array(categorySchema),
});
export type CategoryListResponse = z.infer<typeof categoryListResponseSchema>;

const booleanQuery = z
  .enum(['true', 'false'], { message: 'isActive must be true or false' })
  .transform((v) => v === 'true');

export const categoryListQuerySchema = z.object({
  isActive: booleanQuery.optional(),
  sortField: z.enum(['order', 'name', 'createdAt'], { message: 'sortField must be order, name or createdAt' }).default('order'),
  sortOrder: z.enum(['asc', 'desc'], { message: 'sortOrder must be asc or desc' }).default('asc'),
});
export type CategoryListQuery = z.infer<typeof categoryListQuerySchema>;
