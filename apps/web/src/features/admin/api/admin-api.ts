import {
  adminCustomerListResponseSchema,
  adminOrderListResponseSchema,
  adminProductCreateSchema,
  adminProductListResponseSchema,
  adminProductResponseSchema,
  auditListResponseSchema,
  dashboardResponseSchema,
  staffEnrolResponseSchema,
  staffLoginResponseSchema,
  staffSessionResponseSchema,
  type AdminProductPatch,
} from '@shop/contracts/admin';
import { adminCustomerDetailResponseSchema } from '@shop/contracts/admin-customers';
import { adminOrderDetailResponseSchema } from '@shop/contracts/admin-orders';
import {
  adminUnknownPaymentListResponseSchema,
  adminUnknownPaymentResponseSchema,
  type UnknownPaymentFinding,
} from '@shop/contracts/admin-payments';
import {
  adminBannerListResponseSchema,
  adminBannerResponseSchema,
  adminCategoryListResponseSchema,
  adminCategoryResponseSchema,
  adminCardResponseSchema,
  adminOperatorListResponseSchema,
  adminOperatorResponseSchema,
  adminProductCardsResponseSchema,
  adminStockImportResponseSchema,
  adminStockListResponseSchema,
  type AdminBannerPatch,
  type AdminCategoryPatch,
  type AdminOperatorPatch,
} from '@shop/contracts/admin-catalogue';
import {
  adminBonusDayListResponseSchema,
  adminBonusDayResponseSchema,
  type AdminBonusDayInput,
} from '@shop/contracts/admin-bonus-days';
import {
  adminPromoCreateSchema,
  adminPromoListResponseSchema,
  adminPromoResponseSchema,
} from '@shop/contracts/admin-promo';
import {
  adminSettingsResponseSchema,
  type AdminCallCentrePatch,
  type AdminClaimsPut,
  type AdminExchangeRatesPatch,
  type AdminFestivalsPut,
} from '@shop/contracts/admin-settings';
import { plainSuccessSchema, type PaginationMeta } from '@shop/contracts/responses';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { $ZodType, input, output } from 'zod/v4/core';
import { ApiError, apiDownload, apiRequest } from '../../../lib/api-client.ts';
import { endStaffSession, getStaffSession, startStaffSession } from './staff-session.ts';

export const ADMIN_API = '/api/v1/admin';
/** The back-office is in English (issue 17): its calls ask for English answers. */
const english = { 'Accept-Language': 'en' };

interface CallOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
}

/**
 * Runs a back-office request with the staff session's token (never the customer's). A 401 means
 * the session ended (15 minutes idle, signed out elsewhere): the sign-in form shows again.
 */
async function asStaff<T>(send: (headers: Record<string, string>) => Promise<T>): Promise<T> {
  const session = getStaffSession();
  try {
    return await send({
      ...english,
      ...(session ? { Authorization: `Bearer ${session.token}` } : {}),
    });
  } catch (error) {
    if (error instanceof ApiError && error.status === 401 && session) endStaffSession('expired');
    throw error;
  }
}

/** A back-office call, its answer checked against the contract. */
export const adminCall = <S extends $ZodType>(
  path: string,
  schema: S,
  options: CallOptions = {},
): Promise<output<S>> =>
  asStaff((headers) =>
    apiRequest(`${ADMIN_API}${path}`, schema, { ...options, auth: false, headers }),
  );

/** A file from the back-office (the CSV reports). */
export const adminDownload = (path: string) =>
  asStaff((headers) => apiDownload(`${ADMIN_API}${path}`, { auth: false, headers }));

/** Sign-in steps (no session yet). */
const signInCall = <S extends $ZodType>(path: string, schema: S, body: unknown) =>
  apiRequest(`${ADMIN_API}/auth/${path}`, schema, {
    method: 'POST',
    body,
    auth: false,
    headers: english,
  });

export const staffAuth = {
  login: (email: string, password: string) =>
    signInCall('login', staffLoginResponseSchema, { email, password }),
  startEnrolment: (challengeToken: string) =>
    signInCall('enrol', staffEnrolResponseSchema, { challengeToken }),
  /** The code of the new authenticator (enrolling) or of the enrolled one; signs in. */
  verify: async (challengeToken: string, code: string, enrolling: boolean) => {
    const answer = await signInCall(
      enrolling ? 'enrol/confirm' : 'totp',
      staffSessionResponseSchema,
      { challengeToken, code },
    );
    startStaffSession({
      token: answer.data.sessionToken,
      staff: answer.data.staff,
      recoveryCodesLeft: answer.data.recoveryCodesLeft,
    });
  },
  recover: async (challengeToken: string, recoveryCode: string) => {
    const answer = await signInCall('recovery', staffSessionResponseSchema, {
      challengeToken,
      recoveryCode,
    });
    startStaffSession({
      token: answer.data.sessionToken,
      staff: answer.data.staff,
      recoveryCodesLeft: answer.data.recoveryCodesLeft,
    });
  },
  logout: async () => {
    await adminCall('/auth/logout', plainSuccessSchema, { method: 'POST' }).catch(() => undefined);
    endStaffSession('signed-out');
  },
};

/** Query string of the filled-in filters (empty ones left out). */
export function queryString(filters: Record<string, string | number | undefined>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) {
    if (value !== undefined && value !== '') query.set(key, String(value));
  }
  const text = query.toString();
  return text ? `?${text}` : '';
}

export type ListFilters = Record<string, string | number | undefined>;

/** A back-office list: its name in the query cache, its path and the contract of its pages. */
export interface AdminListSource<T> {
  name: string;
  path: string;
  schema: $ZodType<{ data: T[]; meta: PaginationMeta }>;
}

/** The back-office's lists (issue 30: one table of them, read by one hook, `useAdminList`). */
export const adminLists = {
  orders: { name: 'orders', path: '/orders', schema: adminOrderListResponseSchema },
  products: { name: 'products', path: '/products', schema: adminProductListResponseSchema },
  customers: { name: 'customers', path: '/customers', schema: adminCustomerListResponseSchema },
  auditLog: { name: 'audit-log', path: '/audit-log', schema: auditListResponseSchema },
  promoCodes: { name: 'promo-codes', path: '/promo-codes', schema: adminPromoListResponseSchema },
  /** Payments their provider never reported on (ADR 0059), unresolved first. */
  unknownPayments: {
    name: 'unknown-payments',
    path: '/payments/unknown',
    schema: adminUnknownPaymentListResponseSchema,
  },
  banners: { name: 'banners', path: '/banners', schema: adminBannerListResponseSchema },
  categories: { name: 'categories', path: '/categories', schema: adminCategoryListResponseSchema },
  operators: { name: 'operators', path: '/operators', schema: adminOperatorListResponseSchema },
  /** The owner's bonus-point days (ADR 0081): every window, by first day. */
  bonusDays: { name: 'bonus-days', path: '/bonus-days', schema: adminBonusDayListResponseSchema },
  stock: { name: 'stock', path: '/stock', schema: adminStockListResponseSchema },
} as const;

/** A back-office list (a page of it), kept on screen while the next page loads. */
export function useAdminList<T>({ name, path, schema }: AdminListSource<T>, filters: ListFilters) {
  return useQuery({
    queryKey: ['admin', name, filters],
    queryFn: ({ signal }) => adminCall(`${path}${queryString(filters)}`, schema, { signal }),
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** One back-office record (not a list), read once: a refusal is shown, not retried. */
const useAdminRecord = <S extends $ZodType>(key: readonly string[], path: string, schema: S) =>
  useQuery({
    queryKey: ['admin', ...key],
    queryFn: ({ signal }) => adminCall(path, schema, { signal }),
    retry: false,
  });

export const useDashboard = () =>
  useAdminRecord(['dashboard'], '/dashboard', dashboardResponseSchema);
export const useAdminCategories = (filters: ListFilters) =>
  useAdminList(adminLists.categories, filters);
export const useAdminOperators = () => useAdminList(adminLists.operators, {});
export const useAdminBonusDays = () => useAdminList(adminLists.bonusDays, {});

/** One product's cards (never their PINs), by state. */
export const useProductCards = (productId: string, filters: ListFilters) =>
  useAdminList(
    {
      name: `stock-cards-${productId}`,
      path: `/stock/${encodeURIComponent(productId)}/cards`,
      schema: adminProductCardsResponseSchema,
    },
    filters,
  );

const orderPath = (id: string) => `/orders/${encodeURIComponent(id)}`;

export const useAdminOrder = (id: string) =>
  useAdminRecord(['order', id], orderPath(id), adminOrderDetailResponseSchema);

/** Exchange rates, call-centre contact and hours, festival windows, claims: the shop's settings. */
export const useShopSettings = () =>
  useAdminRecord(['settings'], '/settings', adminSettingsResponseSchema);

const customerPath = (id: string) => `/customers/${encodeURIComponent(id)}`;

export const useAdminCustomer = (id: string) =>
  useAdminRecord(['customer', id], customerPath(id), adminCustomerDetailResponseSchema);

export const adminWrites = {
  adjustPoints: (id: string, body: { points: number; reason: string }) =>
    adminCall(`${customerPath(id)}/points`, adminCustomerDetailResponseSchema, {
      method: 'POST',
      body,
    }),
  block: (id: string, reason: string) =>
    adminCall(`${customerPath(id)}/block`, adminCustomerDetailResponseSchema, {
      method: 'POST',
      body: { reason },
    }),
  unblock: (id: string) =>
    adminCall(`${customerPath(id)}/unblock`, adminCustomerDetailResponseSchema, {
      method: 'POST',
    }),
  /** A pending refund paid out by bank (with the payout's reference) or given as points. */
  refundOrder: (id: string, body: { destination: 'points' | 'bank'; reference?: string }) =>
    adminCall(`${orderPath(id)}/refund`, adminOrderDetailResponseSchema, { method: 'POST', body }),
  /** An unconfirmed top-up line checked with the aggregator: delivered or not (ADR 0036). */
  resolveLine: (id: string, itemId: string, delivered: boolean) =>
    adminCall(
      `${orderPath(id)}/items/${encodeURIComponent(itemId)}/resolve`,
      adminOrderDetailResponseSchema,
      { method: 'POST', body: { delivered } },
    ),
  /** An unconfirmed gift card bought on demand checked with Reloadly's report (issue 28). */
  checkCards: (id: string, itemId: string) =>
    adminCall(
      `${orderPath(id)}/items/${encodeURIComponent(itemId)}/check-cards`,
      adminOrderDetailResponseSchema,
      { method: 'POST' },
    ),
  /** A declined or unsent top-up line sent again; answers at once with the line pending. */
  retryLine: (id: string, itemId: string) =>
    adminCall(
      `${orderPath(id)}/items/${encodeURIComponent(itemId)}/retry`,
      adminOrderDetailResponseSchema,
      { method: 'POST' },
    ),
  /** What the provider's merchant portal shows about a payment whose outcome was unknown. */
  recordPaymentFinding: (paymentId: string, finding: UnknownPaymentFinding) =>
    adminCall(
      `/payments/${encodeURIComponent(paymentId)}/finding`,
      adminUnknownPaymentResponseSchema,
      { method: 'POST', body: { finding } },
    ),
  resendCodes: (id: string) =>
    adminCall(`${orderPath(id)}/resend-codes`, adminOrderDetailResponseSchema, { method: 'POST' }),
  createProduct: (body: input<typeof adminProductCreateSchema>) =>
    adminCall('/products', adminProductResponseSchema, { method: 'POST', body }),
  editProduct: (id: string, patch: AdminProductPatch) =>
    adminCall(`/products/${encodeURIComponent(id)}`, adminProductResponseSchema, {
      method: 'PATCH',
      body: patch,
    }),
  createPromo: (body: input<typeof adminPromoCreateSchema>) =>
    adminCall('/promo-codes', adminPromoResponseSchema, { method: 'POST', body }),
  editExchangeRates: (body: AdminExchangeRatesPatch) =>
    adminCall('/settings/exchange-rates', adminSettingsResponseSchema, { method: 'PATCH', body }),
  editCallCentre: (body: AdminCallCentrePatch) =>
    adminCall('/settings/call-centre', adminSettingsResponseSchema, { method: 'PATCH', body }),
  putFestivals: (body: AdminFestivalsPut) =>
    adminCall('/settings/festivals', adminSettingsResponseSchema, { method: 'PUT', body }),
  putClaims: (body: AdminClaimsPut) =>
    adminCall('/settings/claims', adminSettingsResponseSchema, { method: 'PUT', body }),
  clearClaims: () =>
    adminCall('/settings/claims', adminSettingsResponseSchema, { method: 'DELETE' }),
  createBonusDays: (body: AdminBonusDayInput) =>
    adminCall('/bonus-days', adminBonusDayResponseSchema, { method: 'POST', body }),
  editBonusDays: (id: string, body: AdminBonusDayInput) =>
    adminCall(`/bonus-days/${encodeURIComponent(id)}`, adminBonusDayResponseSchema, {
      method: 'PUT',
      body,
    }),
  deleteBonusDays: (id: string) =>
    adminCall(`/bonus-days/${encodeURIComponent(id)}`, plainSuccessSchema, { method: 'DELETE' }),
  editBanner: (id: string, patch: AdminBannerPatch) =>
    adminCall(`/banners/${encodeURIComponent(id)}`, adminBannerResponseSchema, {
      method: 'PATCH',
      body: patch,
    }),
  editCategory: (id: string, patch: AdminCategoryPatch) =>
    adminCall(`/categories/${encodeURIComponent(id)}`, adminCategoryResponseSchema, {
      method: 'PATCH',
      body: patch,
    }),
  editOperator: (id: string, patch: AdminOperatorPatch) =>
    adminCall(`/operators/${encodeURIComponent(id)}`, adminOperatorResponseSchema, {
      method: 'PATCH',
      body: patch,
    }),
  /** An unsold card no order holds taken out of stock for good, with the reason audited. */
  voidCard: (id: string, reason: string) =>
    adminCall(`/stock/cards/${encodeURIComponent(id)}/void`, adminCardResponseSchema, {
      method: 'POST',
      body: { reason },
    }),
  /** The card file checked (commit false) or imported, all rows or none (commit true). */
  importStock: (csv: string, commit: boolean) =>
    adminCall('/stock/import', adminStockImportResponseSchema, {
      method: 'POST',
      body: { csv, commit },
    }),
};
