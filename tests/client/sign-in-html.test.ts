// The first visit's sign-in page (sign-in.html) is the app's page (index.html) with its own script: a
// change to one page's head (a meta tag, the manifest, the icons) must reach the other.
import { readFileSync } from 'node:fs'
import { expect, it } from 'vitest'

it("is index.html with the sign-in page's script instead of the app's", () => {
  const index = readFileSync('index.html', 'utf8')
  const signIn = readFileSync('sign-in.html', 'utf8')
  expect(signIn).toContain('<script type="module" src="/src/client/sign-in.ts"></script>')
  expect(signIn.replace('/src/client/sign-in.ts', '/src/client/main.tsx')).toBe(index)
})
