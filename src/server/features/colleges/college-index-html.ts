// The app's index.html as each college's first paint and link previews should show it: its name and
// description in its language, its direction, colour, picture and icons. No inline script runs: the
// college's details ride along as a JSON data block, so a first visit draws without asking for them,
// and the scripts the page will import (its route, its language's texts) are named up front. Other
// features add what their page's first screen shows (`FirstScreenSource`): Home's banner.
import { isRtl, matchLocale } from '#shared/constants.ts'
import { messages } from '#shared/i18n/messages.ts'
import { translate } from '#shared/i18n/translate.ts'
import { isPublicPage } from '#shared/public-pages.ts'
import { buildManifest, modulePreloads, routeSources } from '../../platform/build-manifest.ts'
import type { College } from '../../platform/context.ts'
import {
  type FirstScreen,
  type FirstScreenSource,
  type IndexRenderer,
  type LaunchPicture,
  pageFileOf,
} from '../../platform/static-files.ts'
import { currentLogoHash, iconUrl, imageUrl, toDomainDto } from './college-branding.ts'

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

/** JSON that cannot end its script element or open a comment inside it. */
function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c')
}

/**
 * What a phone shows until the app's script has run, like an installed app's launch screen: the
 * college's icon and name. React replaces it with the first screen it draws. The public home opens on
 * the college's picture behind its name, as its first screen does: on a slow connection the picture
 * (fetched with the page) is the largest thing painted, seconds before the app's scripts have come.
 */
function launchScreen(
  college: College,
  hash: string,
  heroImage: string | undefined,
  picture: LaunchPicture | undefined,
): string {
  const name = `<p>${escapeHtml(college.name)}</p>`
  if (heroImage) {
    return `<div class="launch-screen launch-hero"><img src="${escapeHtml(heroImage)}" alt="" fetchpriority="high">${name}</div>`
  }
  const icon = `<img src="${iconUrl(college, hash)}" alt="" width="128" height="128">`
  return `<div class="launch-screen">${icon}${name}${picture ? launchPicture(picture) : ''}</div>`
}

/**
 * A first screen's largest picture under the college's name (Home's banner of the day), so a slow
 * connection paints it with the page rather than once the app's scripts have come; its label first,
 * as Home says it, so a screen reader hears "Advertising" before the banner's title.
 */
function launchPicture({ src, alt, width, height, label }: LaunchPicture): string {
  const said = label ? `<span>${escapeHtml(label)}</span>` : ''
  return `<span class="launch-picture">${said}<img src="${escapeHtml(src)}" alt="${escapeHtml(alt)}" width="${width}" height="${height}" fetchpriority="high"></span>`
}

/**
 * The page's own scripts are fetched at low priority: the launch screen needs none of them, so a
 * slow connection paints it first (and its icon) instead of holding the screen blank for the scripts.
 */
function scriptsAfterFirstPaint(html: string): string {
  return html.replace(
    /<(script type="module"|link rel="modulepreload") crossorigin/g,
    '<$1 fetchpriority="low" crossorigin',
  )
}

type Page = {
  college: College
  lang: string
  hash: string
  preloads: string[]
  heroImage?: string
  firstScreens: FirstScreen[]
}

const imagePreload = (href: string) =>
  `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(href)}">`

function head(page: Page): string[] {
  return [
    `<script type="application/json" id="college-data">${jsonForScript(toDomainDto(page.college, page.hash))}</script>`,
    ...page.firstScreens.map(
      ({ id, data }) =>
        `<script type="application/json" id="${escapeHtml(id)}">${jsonForScript(data)}</script>`,
    ),
    // The public home opens on the college's picture, its largest paint; Home on its banner's.
    ...(page.heroImage ? [imagePreload(page.heroImage)] : []),
    ...page.firstScreens.flatMap(({ images }) => images.map(imagePreload)),
    ...page.preloads.map((href) => `<link rel="modulepreload" crossorigin href="${escapeHtml(href)}">`),
  ]
}

const rendered = new Map<string, string>()

function render(template: string, version: string, page: Page): string {
  const { college, lang, hash } = page
  // A new build, a renamed college, a new logo, another page's scripts or first screen make a new page.
  const key = [
    version,
    college.id,
    college.updated_at,
    hash,
    page.heroImage,
    JSON.stringify(page.firstScreens),
    ...page.preloads,
  ].join('|')
  const cached = rendered.get(key)
  if (cached) return cached
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
  html = html.replace('</head>', `    ${head(page).join('\n    ')}\n  </head>`)
  html = html.replace(
    '<div id="app"></div>',
    `<div id="app">${launchScreen(college, hash, page.heroImage, page.firstScreens.find((screen) => screen.launch)?.launch)}</div>`,
  )
  html = scriptsAfterFirstPaint(html)
  if (rendered.size > 200) rendered.clear()
  rendered.set(key, html)
  return html
}

/**
 * The index.html renderer for `serveClient`: each college's own page, with what `sources` name for its
 * first screen; the platform's stays generic.
 */
export const collegeIndexHtml =
  (sources: FirstScreenSource[] = []): IndexRenderer =>
  async (c, template, version) => {
    const college = c.get('college')
    if (!college) return template
    const { storage, config } = c.get('deps')
    const hash = await currentLogoHash(college, storage, config.publicDir)
    const lang = matchLocale(college.language) ?? 'es'
    const manifest = await buildManifest(config.distDir, version)
    const path = c.req.path
    const page = pageFileOf(path)
    // The sign-in page of a first visit has no router: its own script and its texts are all it loads.
    // Only the public pages name their route's scripts. A page that needs a session is answered by the
    // service worker for a person signed in, and sends a visitor without one to sign in; the first visit
    // that reaches it paints its launch screen (Home's banner) with ~70 KB less script on the
    // connection: Lighthouse's simulated largest paint of a signed-in /app/home 2.43 -> 1.83 s, Home no
    // later over an emulated slow 4G (bench/RESULTS.md, "2026-12-02 (morning)").
    const routes = page === 'index.html' && isPublicPage(path) ? routeSources(path) : []
    const preloads = modulePreloads(manifest, [`src/locales/${lang}/public.po`, ...routes], page)
    const heroImage = path === '/' ? imageUrl(college) : undefined
    const named = await Promise.all(sources.map((source) => source(c, college, path, lang)))
    const firstScreens = named.filter((screen) => screen !== undefined)
    return render(template, version, { college, lang, hash, preloads, heroImage, firstScreens })
  }
