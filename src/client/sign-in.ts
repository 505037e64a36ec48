// The first visit of `/auth/login` (sign-in.html): the sign-in page without React or the router, so a
// phone on a slow connection can sign in after a few KB. Once signed in, the app itself loads.
import './styles.css'
import { searchOf, signInPath } from './features/auth/sign-in/sign-in-search.ts'
import { mountSignIn } from './features/auth/sign-in/sign-in-view.ts'
import { pagePlugins } from './platform/boot-plugins.ts'
import { collegeAtom } from './platform/college.ts'
import { applyDocumentTitle } from './platform/document-title.ts'
import { localeAtom } from './platform/i18n.ts'
import { loadPlugins } from './platform/plugins.ts'
import { loggedInAtom } from './platform/session.ts'
import { store } from './platform/store.ts'

async function boot() {
  // Someone already signed in on this device goes to the app, as the app's own route sends them.
  if (store.get(loggedInAtom)) {
    window.location.replace('/app')
    return
  }
  await loadPlugins(pagePlugins)
  const root = document.getElementById('app')
  if (!root) throw new Error('#app is missing from sign-in.html')
  const title = () => applyDocumentTitle(store.get(localeAtom), store.get(collegeAtom).name)
  store.sub(localeAtom, title)
  store.sub(collegeAtom, title)
  title()
  mountSignIn(root, {
    search: searchOf(window.location.search),
    go: (href) => window.location.assign(href),
    replaceSearch: (search) => window.history.replaceState(null, '', signInPath(search)),
  })
}

void boot()
