import { lingui } from '@lingui/vite-plugin'
import babel from '@rolldown/plugin-babel'
import tailwindcss from '@tailwindcss/vite'
import { tanstackRouter } from '@tanstack/router-plugin/vite'
import react from '@vitejs/plugin-react'
import { VitePWA } from 'vite-plugin-pwa'
import { defineConfig } from 'vitest/config'

const serverDatabase = process.env.TEST_DATABASE_URL

export default defineConfig({
  plugins: [
    tanstackRouter({
      target: 'react',
      autoCodeSplitting: true,
      routesDirectory: './src/client/routes',
      generatedRouteTree: './src/client/route-tree.gen.ts',
      routeFileIgnorePrefix: '-',
    }),
    react(),
    babel({ plugins: ['@lingui/babel-plugin-lingui-macro'] }),
    lingui(),
    tailwindcss(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'src/client',
      filename: 'sw.ts',
      manifest: false,
      injectRegister: false,
      injectManifest: { globPatterns: ['**/*.{js,css,html,svg,png,jpeg,woff2}'] },
      devOptions: { enabled: false },
    }),
  ],
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/sanctum': 'http://localhost:3000',
      '/media': 'http://localhost:3000',
      '/icons': 'http://localhost:3000',
      '/manifest.webmanifest': 'http://localhost:3000',
    },
  },
  build: { target: 'es2022', sourcemap: false },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'server-sqlite',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          env: { TEST_DIALECT: 'sqlite', LOG_LEVEL: 'silent' },
          testTimeout: 20_000,
        },
      },
      // The PostgreSQL run is added whenever TEST_DATABASE_URL is set; an unreachable server fails it.
      ...(serverDatabase
        ? [
            {
              extends: true as const,
              test: {
                name: 'server-postgres',
                include: ['tests/server/**/*.test.ts'],
                environment: 'node',
                env: { TEST_DIALECT: 'postgres', LOG_LEVEL: 'silent' },
                testTimeout: 20_000,
              },
            },
          ]
        : []),
      {
        extends: true,
        test: {
          name: 'client',
          include: ['tests/client/**/*.test.{ts,tsx}'],
          environment: 'node',
        },
      },
    ],
  },
})
