import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiTarget = `http://localhost:${process.env.API_PORT ?? '3000'}`;

export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    proxy: { '/api': apiTarget, '/media': apiTarget },
  },
  build: {
    target: 'es2022',
    sourcemap: true,
    // scripts/measure-home.mjs reads it to find the JavaScript the Home route loads first.
    manifest: true,
  },
});
