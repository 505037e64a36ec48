// The router reloads the page once when a screen's script cannot be fetched, taking it for a version
// the server has replaced (lazyRouteComponent in @tanstack/react-router). Offline, on a device where
// the app is not saved yet (its service worker not installed, or not allowed), that reload lands on
// the browser's own "no internet" page and the app is gone from the tab. There the reload is marked as
// already made, under the router's own key, so the screen's error is shown instead
// (features/shell/screen-error.tsx), which opens the screen once the connection is back.
export function keepTabWhenOffline(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const error = (event as Event & { payload?: unknown }).payload
    if (navigator.onLine || navigator.serviceWorker?.controller || !(error instanceof Error)) return
    sessionStorage.setItem(`tanstack_router_reload:${error.message}`, '1')
  })
}
