import { apiRequest } from '../../../lib/api-client.ts';

/**
 * GET /api/v1/users/profile (bearer). Runs at every start, so the schema is imported lazily and
 * the schema library stays out of Home's first bundle.
 */
export const fetchProfile = () =>
  apiRequest('/api/v1/users/profile', () =>
    import('@shop/contracts/auth').then((m) => m.profileResponseSchema),
  );
