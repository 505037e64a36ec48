// One jotai store for the app, so plugins and the router read the same atoms as components.
import { createStore } from 'jotai'

export const store = createStore()
