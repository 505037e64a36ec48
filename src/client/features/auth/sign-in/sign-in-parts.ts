// The pieces of the sign-in page drawn without React (sign-in-view.ts): its frame, a labelled field,
// an alert and its buttons, in the design system's look (ui/field-classes.ts, ui/button-styles.ts).
import { t } from '@lingui/core/macro'
import { CircleAlert, CircleCheck, Info, Languages, LoaderCircle, SunMoon, TriangleAlert } from 'lucide'
import { LOCALE_NAMES, LOCALES, type Locale, THEMES, type Theme } from '#shared/constants.ts'
import type { CollegeInfo } from '../../../platform/college.ts'
import { chooseLocale, localeAtom } from '../../../platform/i18n.ts'
import { store } from '../../../platform/store.ts'
import { setTheme, themeAtom } from '../../../platform/theme.ts'
import { buttonClass } from '../../../ui/button-styles.ts'
import { h, icon } from '../../../ui/dom.ts'
import {
  type AlertTone,
  alertClass,
  alertToneClass,
  controlClass,
  fieldErrorClass,
  labelClass,
  languageSelectClass,
  selectClass,
  selectIconClass,
} from '../../../ui/field-classes.ts'

export type Alert = { tone: AlertTone; text: string }

const ALERT_ICONS = { error: CircleAlert, success: CircleCheck, warning: TriangleAlert, info: Info }

/** The frame of the auth pages (as features/auth/auth-page.tsx): language and theme, the college, a card. */
export function signInFrame({
  college,
  title,
  content,
  onHome,
}: {
  college: CollegeInfo
  title: string
  content: HTMLElement
  /** A plain click on the college opens the public home (the host decides how). */
  onHome: () => void
}): HTMLElement {
  const home = h(
    'a',
    {
      href: '/',
      class: 'flex flex-col items-center gap-3 rounded-2xl p-2',
      onclick: (event) => {
        const click = event as MouseEvent
        if (click.button !== 0 || click.metaKey || click.ctrlKey || click.shiftKey || click.altKey) return
        event.preventDefault()
        onHome()
      },
    },
    h('img', { src: college.logo, alt: '', class: 'size-16 rounded-2xl object-cover shadow-sm' }),
    h(
      'span',
      { class: 'text-center text-lg font-semibold', 'data-testid': 'college-name', dir: 'auto' },
      college.name,
    ),
  )
  return h(
    'div',
    {
      class:
        'flex min-h-dvh flex-col items-center gap-6 bg-linear-to-b from-brand-soft to-transparent px-4 pt-4 pb-10',
    },
    h('div', { class: 'flex flex-wrap justify-end gap-2 self-stretch' }, languageSelect(), themeSelect()),
    home,
    h(
      'main',
      { class: 'card w-full max-w-sm p-6 sm:p-7' },
      h('h1', { class: 'mb-5 text-2xl font-bold tracking-tight' }, title),
      content,
    ),
  )
}

export type TextField = {
  wrapper: HTMLElement
  input: HTMLInputElement
  /** Shows this message under the field, or none (as ui/text-field.tsx does). */
  show: (message?: string) => void
}

/** A labelled input whose message is tied to it for assistive technology. */
export function textField(options: {
  id: string
  name: string
  label: string
  type: 'email' | 'password'
  autocomplete: string
  value: string
  onInput: (value: string) => void
}): TextField {
  const { id, name, label, type, autocomplete } = options
  const input = h('input', {
    id,
    name,
    type,
    autocomplete,
    class: controlClass,
    oninput: () => options.onInput(input.value),
  })
  input.value = options.value
  const wrapper = h(
    'div',
    { class: 'flex flex-col gap-1.5' },
    h('label', { for: id, class: labelClass }, label),
    input,
  )
  let error: HTMLElement | undefined
  const show = (message?: string) => {
    if (message === error?.textContent) return
    error?.remove()
    error = undefined
    input.removeAttribute('aria-invalid')
    input.removeAttribute('aria-describedby')
    if (!message) return
    error = h('p', { id: `${id}-error`, role: 'alert', class: fieldErrorClass }, message)
    wrapper.append(error)
    input.setAttribute('aria-invalid', 'true')
    input.setAttribute('aria-describedby', `${id}-error`)
  }
  return { wrapper, input, show }
}

export function alertBox({ tone, text }: Alert): HTMLElement {
  return h(
    'div',
    { role: tone === 'error' ? 'alert' : 'status', class: `${alertClass} ${alertToneClass[tone]}` },
    icon(ALERT_ICONS[tone], 'mt-0.5 size-5 shrink-0'),
    h('div', { class: 'min-w-0 flex-1' }, text),
  )
}

export function submitButton(label: string): HTMLButtonElement {
  return h(
    'button',
    { type: 'submit', class: buttonClass('primary') },
    icon(LoaderCircle, 'spinner hidden size-4 animate-spin motion-reduce:animate-none'),
    label,
  )
}

export function linkButton(label: string, onclick: () => void): HTMLButtonElement {
  return h('button', { type: 'button', class: 'link self-start text-sm', onclick }, label)
}

/** The public pages' language choice: a native select, as the app's (ui/language-menu.tsx). */
function languageSelect(): HTMLElement {
  const current = store.get(localeAtom)
  const select = h(
    'select',
    {
      'aria-label': t`Language`,
      class: languageSelectClass,
      onchange: () => void chooseLocale(select.value as Locale),
    },
    ...LOCALES.map((code) =>
      h('option', { value: code, lang: code, selected: code === current }, LOCALE_NAMES[code]),
    ),
  )
  return h('div', { class: 'relative' }, icon(Languages, selectIconClass), select)
}

function themeSelect(): HTMLElement {
  const labels: Record<Theme, string> = { light: t`Light`, dark: t`Dark`, auto: t`Automatic` }
  const current = store.get(themeAtom)
  const select = h(
    'select',
    { 'aria-label': t`Theme`, class: selectClass, onchange: () => setTheme(select.value as Theme) },
    ...THEMES.map((value) => h('option', { value, selected: value === current }, labels[value])),
  )
  return h('div', { class: 'relative' }, icon(SunMoon, selectIconClass), select)
}
