// The build keeps the public pages' icons out of the signed-in screens' icon chunk, so a first visit of
// a public page (the password reset) downloads none of those. The icons are found by following the pages' own imports.
import { describe, expect, it } from 'vitest'
import { publicIconFiles } from '../../scripts/public-icons.ts'

describe('publicIconFiles', () => {
  const icons = publicIconFiles(process.cwd(), [
    'src/client/routes/__root.tsx',
    'src/client/routes/auth/reset-password.tsx',
  ])

  it("finds the reset page's icons through its components, by the files lucide keeps them in", () => {
    // The theme menu's, and the form alert's TriangleAlert, which lucide keeps under another name.
    expect(icons).toContain('sun-moon.mjs')
    expect(icons).toContain('triangle-exclamation-point.mjs')
  })

  it("leaves out what only signed-in screens draw (the menu's News)", () => {
    expect(icons).not.toContain('newspaper.mjs')
  })
})
