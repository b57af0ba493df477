/**
 * The app's version string (shopping spec §9 "App version string": 1.1.0-210925-1 in production),
 * the one place it is written: the web build puts it into the app (__APP_VERSION__, vite.config.ts)
 * for the crash screen, its bug reports and the status page.
 */
export const APP_VERSION = '1.1.0-210925-1';
