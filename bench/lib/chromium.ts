// The Chromium the bench measures in: Debian's headless shell where it is installed, as for the
// end-to-end tests. The full browser starts its own desktop pages beside the one measured (Chromium
// 156 loads its omnibox popup in a renderer of its own): on two cores that renderer took a core for
// the whole of an offline start (1.65 s against 0.86 s in the shell) and cost the sign-in page 17
// points of Lighthouse. `CHROMIUM_PATH` (or Lighthouse's `CHROME_PATH`) names another.
import { existsSync } from 'node:fs'

const SHELL = '/usr/bin/chromium-headless-shell'
const FULL = '/usr/bin/chromium'

export const BENCH_CHROMIUM = process.env.CHROMIUM_PATH ?? (existsSync(SHELL) ? SHELL : FULL)
