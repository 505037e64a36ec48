// The start-up plugins (spec section 4) of every page: the app's (main.tsx) and the sign-in page's,
// which is drawn without React (sign-in.ts), so both start alike.
import { ensureCollege } from './auth-actions.ts'
import { collegeAtom } from './college.ts'
import { activateLocale, pickLocale } from './i18n.ts'
import { requestPersistentStorage } from './local-data.ts'
import { watchOnline } from './online.ts'
import type { Plugin } from './plugins.ts'
import { registerServiceWorker } from './service-worker.ts'
import { store } from './store.ts'
import { applyCollegeColor, applyTheme, watchSystemTheme } from './theme.ts'
import { watchPendingRevocations } from './token-revocation.ts'

export const pagePlugins: Plugin[] = [
  {
    name: 'theme',
    load: () => {
      applyTheme()
      applyCollegeColor(store.get(collegeAtom).color)
      watchSystemTheme()
    },
  },
  {
    name: 'online',
    load: () => {
      watchOnline()
      watchPendingRevocations()
    },
  },
  {
    name: 'translations',
    load: async () => {
      // A college seen before gives its language at once; a first visit waits for the server.
      const known = store.get(collegeAtom).id !== undefined
      const college = ensureCollege()
      if (!known) await college
      await activateLocale(pickLocale(store.get(collegeAtom).language))
    },
  },
  {
    // Registered after the first paint: nothing on screen needs it, and it must not delay the mount.
    name: 'service-worker',
    load: () => {
      window.setTimeout(() => {
        registerServiceWorker().catch((error: unknown) =>
          console.error('Error while loading plugin', 'service-worker', error),
        )
      })
    },
  },
  { name: 'persistent-storage', load: requestPersistentStorage },
]
