// Boot: start-up plugins, then the router, then mount on #app (spec section 4).
import './styles.css'
import { I18nProvider } from '@lingui/react'
import { createRouter, RouterProvider } from '@tanstack/react-router'
import { Provider } from 'jotai'
import { StrictMode, startTransition } from 'react'
import { createRoot } from 'react-dom/client'
import { ScreenError } from './features/shell/screen-error.tsx'
import { startSessionCheck } from './platform/auth-actions.ts'
import { pagePlugins } from './platform/boot-plugins.ts'
import { i18n, wantAppMessages } from './platform/i18n.ts'
import { keepTabWhenOffline } from './platform/offline-screens.ts'
import { loadPlugins } from './platform/plugins.ts'
import { loggedInAtom } from './platform/session.ts'
import { store } from './platform/store.ts'
import { routeTree } from './route-tree.gen.ts'

const router = createRouter({
  routeTree,
  defaultPreload: 'intent',
  scrollRestoration: false,
  defaultErrorComponent: ScreenError,
})

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router
  }
}

async function boot() {
  keepTabWhenOffline()
  // Signed in, the user and the app's texts are asked beside the public texts, not after them.
  if (store.get(loggedInAtom)) {
    wantAppMessages()
    startSessionCheck()
    // A page's first date format costs 16-28 ms here (the engine lists the locales it can format),
    // and React Aria's first module pays it as it is evaluated, inside the task that evaluates Home's
    // scripts. Paid in a task of its own while those scripts load, that task is that much shorter.
    // Signed out, the public pages load no React Aria: nothing is paid there.
    setTimeout(() => new Intl.DateTimeFormat())
  }
  await loadPlugins([
    ...pagePlugins,
    {
      // Kept documents follow their documents (deleted, no longer for this person, a new file). Started
      // once someone is signed in: the sign-in page has no mirror and should not load its code.
      name: 'kept-documents',
      load: () => {
        const start = () => import('./features/documents/kept-watch.ts').then((m) => m.watchKeptDocuments())
        if (store.get(loggedInAtom)) return start()
        const stop = store.sub(loggedInAtom, () => {
          if (!store.get(loggedInAtom)) return
          stop()
          void start()
        })
      },
    },
  ])
  await router.load()
  const root = document.getElementById('app')
  if (!root) throw new Error('#app is missing from index.html')
  // Drawn as a transition: React splits the first render into slices and lets the page answer a tap
  // between them, where one uninterrupted render held a phone's main thread (the launch screen stays
  // until it is done).
  startTransition(() =>
    createRoot(root).render(
      <StrictMode>
        <Provider store={store}>
          <I18nProvider i18n={i18n}>
            <RouterProvider router={router} />
          </I18nProvider>
        </Provider>
      </StrictMode>,
    ),
  )
}

void boot()
