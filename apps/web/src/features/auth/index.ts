/**
 * What other features may use of auth (issue 30: a feature is entered through its index.ts): the
 * signed-in person and the auth dialog, read with useAuth (its module is in every page's start
 * already), and the sign-up form the checkout's login-required dialog holds (with auth's strings
 * and stylesheet). Side-effect free (apps/web/package.json): an importer keeps only what it uses,
 * so entering here adds no script to any page.
 */
export { useAuth } from './hooks/auth-context.ts';
export { RegisterForm } from './components/register-form.tsx';
/** The bonus-point days on now or soon (ADR 0081): the menu lists them, the checkout says so. */
export { bonusDaysQuery, bonusDayWords } from './api/bonus-days-api.ts';
