import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

// Two catalogs: `public` holds only what the sign-in and public pages say, so their download does
// not grow with every screen of the app; `app` holds everything and loads once someone signs in.
// `npm run extract` fills `public` from `app`'s translations, so each text is translated once.
const PUBLIC = [
  '<rootDir>/src/shared',
  '<rootDir>/src/client/main.tsx',
  '<rootDir>/src/client/platform',
  '<rootDir>/src/client/routes/__root.tsx',
  '<rootDir>/src/client/routes/index.tsx',
  '<rootDir>/src/client/routes/auth',
  '<rootDir>/src/client/features/auth',
  '<rootDir>/src/client/features/home/public-home.tsx',
  '<rootDir>/src/client/features/home/public-content.tsx',
  '<rootDir>/src/client/features/home/contact-form.tsx',
  '<rootDir>/src/client/features/shell/suspended-page.tsx',
  '<rootDir>/src/client/ui/carousel.tsx',
  '<rootDir>/src/client/features/shell/document-title.tsx',
  '<rootDir>/src/client/features/shell/not-found.tsx',
  '<rootDir>/src/client/features/shell/screen-error.tsx',
  '<rootDir>/src/client/ui/language-menu.tsx',
  '<rootDir>/src/client/ui/theme-menu.tsx',
  '<rootDir>/src/client/ui/offline-banner.tsx',
  '<rootDir>/src/client/ui/update-prompt.tsx',
]

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'ar', 'de', 'es', 'es-MX', 'fr', 'zh-CN'],
  fallbackLocales: { 'es-MX': 'es', default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/public',
      include: PUBLIC,
      // Fees, payments, processes and statistics are never shown before sign-in (their pages load the
      // app catalog).
      exclude: [
        '<rootDir>/src/shared/i18n/payment-messages.ts',
        '<rootDir>/src/shared/i18n/process-messages.ts',
        '<rootDir>/src/shared/i18n/statistics-messages.ts',
      ],
    },
    {
      path: '<rootDir>/src/locales/{locale}/app',
      include: [
        '<rootDir>/src/client',
        '<rootDir>/src/shared',
        // Texts only the server writes (receipts, CSV headers), in the catalog the server reads.
        '<rootDir>/src/server/features/payments',
        '<rootDir>/src/server/features/statistics',
      ],
    },
  ],
  format: formatter({ lineNumbers: false }),
})
