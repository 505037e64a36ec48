import { defineConfig } from '@lingui/cli'
import { formatter } from '@lingui/format-po'

export default defineConfig({
  sourceLocale: 'en',
  locales: ['en', 'ar', 'de', 'es', 'es-MX', 'fr', 'zh-CN'],
  fallbackLocales: { 'es-MX': 'es', default: 'en' },
  catalogs: [
    {
      path: '<rootDir>/src/locales/{locale}/messages',
      include: ['<rootDir>/src/client', '<rootDir>/src/shared'],
    },
  ],
  format: formatter({ lineNumbers: false }),
})
