/** packages/contracts' APP_VERSION, written in by Vite (vite.config.ts `define`). */
declare const __APP_VERSION__: string;
