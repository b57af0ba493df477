/**
 * What other features may use of auth (issue 30: a feature is entered through its index.ts): the
 * signed-in person and the auth dialog, read with useAuth. Only the context module is re-exported:
 * it is in every page's start already, so entering here adds no script to any page.
 */
export { useAuth } from './hooks/auth-context.ts';
