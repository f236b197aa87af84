import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type ProxyOptions } from 'vite';

// In production the server serves the app and the API from one origin; in development the
// proxy keeps that single-origin shape so cookies and relative URLs behave the same.
const apiServer = 'http://localhost:3000';
const proxy: Record<string, ProxyOptions> = {
  // ws: live seat updates may arrive over a WebSocket under /api.
  '/api': { target: apiServer, ws: true },
  '/posters': { target: apiServer },
};

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: { port: 5173, strictPort: true, proxy },
  preview: { port: 4173, strictPort: true, proxy },
  build: { outDir: 'dist', sourcemap: false },
});
