// One jotai store for the app, so plugins and the router read the same atoms as components.
import { createStore } from 'jotai/vanilla'

export const store = createStore()
