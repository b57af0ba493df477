/**
 * Stands in for the `use-sync-external-store` shim in the browser build (vite.config.ts alias):
 * wouter imports it for React 17, but React 19 has the hook itself, and the shim's fallback was
 * 0.3 KiB gzip of every page's first JavaScript (issue 29).
 */
export { useSyncExternalStore } from 'react';
