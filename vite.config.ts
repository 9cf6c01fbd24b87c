import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { VitePWA } from 'vite-plugin-pwa';

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    // injectManifest: our own service worker (src/sw/sw.ts) keeps generateSW's precache and
    // offline navigation and adds Background Sync; its output keeps the name sw.js, so installed
    // apps update to it in place.
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['default-avatar.png', 'favicon.svg', 'logo-demo.svg', 'logo-otra.svg', 'robots.txt'],
      manifest: {
        name: 'Radica — Solicitudes de crédito',
        short_name: 'Radica',
        description: 'Gestión de solicitudes de crédito, también sin conexión.',
        lang: 'es-CO',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        theme_color: '#1e3a8a',
        background_color: '#f8fafc',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        screenshots: [
          { src: '/screenshots/creditos-wide.png', sizes: '1280x800', type: 'image/png', form_factor: 'wide', label: 'Lista de créditos en escritorio' },
          { src: '/screenshots/creditos-narrow.png', sizes: '820x1180', type: 'image/png', form_factor: 'narrow', label: 'Lista de créditos en tableta' },
        ],
      },
      injectManifest: {
        globPatterns: ['**/*.{js,css,html,svg,png,woff2,webmanifest}'],
        // The store screenshots are only for the install dialog; the app never shows them.
        globIgnores: ['screenshots/**'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      },
    }),
  ],
  worker: { format: 'es' },
  // The manifest lets bench/first-screen.ts walk the chunk graph of the first screen.
  build: { target: 'es2022', sourcemap: false, manifest: true },
  server: { proxy: { '/api': 'http://localhost:3000' } },
});
