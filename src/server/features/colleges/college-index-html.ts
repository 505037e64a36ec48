// The app's index.html as each college's first paint and link previews should show it: its name and
// description in its language, its direction, colour, picture and icons. No inline script is added.
import { isRtl, matchLocale } from '#shared/constants.ts'
import { messages } from '#shared/i18n/messages.ts'
import { translate } from '#shared/i18n/translate.ts'
import type { College } from '../../platform/context.ts'
import type { IndexRenderer } from '../../platform/static-files.ts'
import type { Storage } from '../../platform/storage.ts'
import { currentLogoHash, imageUrl } from './college-branding.ts'

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
}

function setMeta(html: string, attribute: 'name' | 'property', key: string, value: string): string {
  const tag = `<meta ${attribute}="${key}" content="${escapeHtml(value)}" />`
  const pattern = new RegExp(`<meta ${attribute}="${key}" content="[^"]*" />`)
  return pattern.test(html) ? html.replace(pattern, tag) : html.replace('</head>', `    ${tag}\n  </head>`)
}

function setLink(html: string, rel: string, href: string): string {
  const tag = `<link rel="${rel}" href="${escapeHtml(href)}" />`
  const pattern = new RegExp(`<link rel="${rel}" href="[^"]*" />`)
  return pattern.test(html) ? html.replace(pattern, tag) : html.replace('</head>', `    ${tag}\n  </head>`)
}

const rendered = new Map<string, string>()

async function render(
  template: string,
  version: string,
  college: College,
  storage: Storage,
  publicDir: string,
): Promise<string> {
  const hash = await currentLogoHash(college, storage, publicDir)
  // A new build, a renamed college or a new logo makes a new page; otherwise the page is reused.
  const key = `${version}|${college.id}|${college.updated_at}|${hash}`
  const cached = rendered.get(key)
  if (cached) return cached
  const lang = matchLocale(college.language) ?? 'es'
  const values = { college: college.name }
  const title = translate(messages.metaTitle, lang, values)
  const description = translate(messages.metaDescription, lang, values)
  let html = template
    .replace(/<html lang="[^"]*" dir="[^"]*">/, `<html lang="${lang}" dir="${isRtl(lang) ? 'rtl' : 'ltr'}">`)
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(title)}</title>`)
  html = setMeta(html, 'name', 'description', description)
  html = setMeta(html, 'name', 'theme-color', college.theme_color)
  html = setMeta(html, 'property', 'og:title', title)
  html = setMeta(html, 'property', 'og:description', description)
  html = setMeta(html, 'property', 'og:image', imageUrl(college))
  html = setMeta(html, 'property', 'og:site_name', college.name)
  html = setLink(html, 'icon', `/icons/${college.id}/${hash}-64.png`)
  html = setLink(html, 'apple-touch-icon', `/icons/${college.id}/${hash}-180.png`)
  if (rendered.size > 200) rendered.clear()
  rendered.set(key, html)
  return html
}

/** The index.html renderer for `serveClient`: each college's own page; the platform's stays generic. */
export const collegeIndexHtml: IndexRenderer = async (c, template, version) => {
  const college = c.var.college
  if (!college) return template
  const { storage, config } = c.var.deps
  return render(template, version, college, storage, config.publicDir)
}
