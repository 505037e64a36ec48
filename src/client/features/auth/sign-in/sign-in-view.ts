// The sign-in page and its password recovery, drawn without React: a family's first visit on a slow
// connection downloads this page's few KB instead of the app's framework (README, issue 18). The same
// code draws it inside the app (routes/auth/login.tsx), so there is one sign-in page. It looks and
// behaves as the app's forms do: the shared schema's messages on their fields before anything is sent,
// the first wrong field focused, messages that follow what is typed after a first attempt, the
// server's 422 messages on their fields, one alert for the rest.
import { t } from '@lingui/core/macro'
import { forgotPasswordSchema, loginSchema } from '#shared/auth.schema.ts'
import { api } from '../../../platform/api.ts'
import { login } from '../../../platform/auth-actions.ts'
import { collegeAtom } from '../../../platform/college.ts'
import { applyServerErrors } from '../../../platform/form-errors.ts'
import { localeAtom } from '../../../platform/i18n.ts'
import { onlineAtom } from '../../../platform/online.ts'
import { loginErrorAtom } from '../../../platform/session.ts'
import { store } from '../../../platform/store.ts'
import { buttonClass } from '../../../ui/button-styles.ts'
import { h } from '../../../ui/dom.ts'
import { checkFields, type FieldMessages } from '../../../ui/light-form-check.ts'
import {
  type Alert,
  alertBox,
  linkButton,
  signInFrame,
  submitButton,
  type TextField,
  textField,
} from './sign-in-parts.ts'
import { type SignInSearch, safeRedirect } from './sign-in-search.ts'

export type SignInHost = {
  search: SignInSearch
  /** Opens a page of the app: a full load from the page drawn without React, the router inside it. */
  go: (href: string) => void
  /** The address follows the open form (`?forgot=`), replacing the current entry. */
  replaceSearch: (search: SignInSearch) => void
}

type FieldName = 'email' | 'password' | 'recovery'

/** Draws the page into `root`; returns what takes it away again. */
export function mountSignIn(root: HTMLElement, host: SignInHost): () => void {
  const search = { ...host.search }
  const state = {
    forgot: search.forgot !== undefined,
    values: { email: '', password: '', recovery: search.forgot ?? '' } as Record<FieldName, string>,
    errors: {} as FieldMessages,
    /** After a first attempt, a field's message follows what is typed. */
    checked: false,
    /** The user has tried to sign in: the notice that their session ended has done its work. */
    attempted: false,
    formError: undefined as string | undefined,
    busy: false,
    /** The recovery mail went out: the server's words for it. */
    sent: undefined as string | undefined,
  }
  let fields = new Map<FieldName, TextField>()
  let alerts: HTMLElement | undefined
  let shownAlerts = ''
  let submit: HTMLButtonElement | undefined

  const alertsNow = (): Alert[] => {
    const list: Alert[] = []
    if (!state.forgot && search.ended && !state.attempted) {
      list.push({
        tone: 'info',
        text: t`Your session has ended (you signed out on another device, or your password changed). Please sign in again.`,
      })
    }
    if (!state.forgot && !store.get(onlineAtom)) {
      list.push({
        tone: 'warning',
        text: t`Signing in needs a connection. Please try again when you are online.`,
      })
    }
    const error = state.formError ?? (state.forgot ? undefined : store.get(loginErrorAtom)?.message)
    if (error) list.push({ tone: 'error', text: error })
    return list
  }

  /** What changes without a new form: the alerts, each field's message, the busy button. */
  const update = () => {
    for (const [name, field] of fields) field.show(state.errors[name]?.message)
    const list = alertsNow()
    const key = JSON.stringify(list)
    // Redrawn only when they change, so a screen reader announces an alert once.
    if (alerts && key !== shownAlerts) {
      alerts.replaceChildren(...list.map(alertBox))
      shownAlerts = key
    }
    if (submit) {
      submit.disabled = state.busy
      submit.toggleAttribute('aria-busy', state.busy)
      submit.querySelector('.spinner')?.classList.toggle('hidden', !state.busy)
    }
  }

  const field = (name: FieldName, label: string, type: 'email' | 'password', autocomplete: string) => {
    const made = textField({
      id: `sign-in-${name}`,
      name,
      label,
      type,
      autocomplete,
      value: state.values[name],
      onInput: (value) => {
        state.values[name] = value
        if (!state.checked) return
        state.errors[name] = check().errors?.[name]
        update()
      },
    })
    fields.set(name, made)
    return made.wrapper
  }

  /** The schema and the server name the recovery form's field `email`; on this page it is `recovery`. */
  const fieldOf = (name: string): FieldName =>
    state.forgot && name === 'email' ? 'recovery' : (name as FieldName)
  const check = () => {
    const { values } = state
    const result = state.forgot
      ? checkFields(forgotPasswordSchema, { email: values.recovery })
      : checkFields(loginSchema, { email: values.email, password: values.password })
    if (!result.errors) return { output: result.output }
    return {
      errors: Object.fromEntries(
        Object.entries(result.errors).map(([name, e]) => [fieldOf(name), e]),
      ) as FieldMessages,
    }
  }

  const showForgot = (open: boolean) => {
    state.forgot = open
    if (open && !state.values.recovery) state.values.recovery = state.values.email
    state.errors = {}
    state.checked = false
    state.formError = undefined
    state.sent = undefined
    search.forgot = open ? '' : undefined
    search.ended = undefined
    host.replaceSearch({ ...search })
    draw()
    fields.values().next().value?.input.focus()
  }

  const send = async (event: Event) => {
    event.preventDefault()
    state.formError = undefined
    state.checked = true
    if (!state.forgot) {
      state.attempted = true
      store.set(loginErrorAtom, undefined)
    }
    const checked = check()
    if (checked.errors) {
      state.errors = checked.errors
      update()
      for (const [name, { input }] of fields) {
        if (state.errors[name]) {
          input.focus()
          break
        }
      }
      return
    }
    state.errors = {}
    state.busy = true
    update()
    const place = (name: string, error: { message?: string }) => {
      state.errors[fieldOf(name)] = { message: error.message }
    }
    try {
      if (state.forgot) {
        const body = await api
          .post('api/forgot-password-user', { json: checked.output })
          .json<{ message: string }>()
        state.sent = body.message
        state.busy = false
        draw()
        // The form that had the focus is gone: the way back to signing in takes it.
        root.querySelector<HTMLButtonElement>('button[data-back]')?.focus()
        return
      }
      const { email, password } = checked.output as { email: string; password: string }
      if (await login({ email, password })) {
        // Busy until the next page has taken over.
        host.go(safeRedirect(search.redirect))
        return
      }
    } catch (error) {
      state.formError = state.forgot
        ? applyServerErrors(error, place, ['email'], {
            offline: t`This needs a connection. Please try again when you are online.`,
            failed: t`Something went wrong. Please try again.`,
          })
        : applyServerErrors(error, place, ['email', 'password'], {
            offline: t`Signing in needs a connection. Please try again when you are online.`,
            failed: t`We could not sign you in. Please try again.`,
          })
    }
    state.busy = false
    update()
  }

  /** A form's alerts and submit button, kept for `update`. */
  const formParts = (label: string) => {
    alerts = h('div', { class: 'flex flex-col gap-4 empty:hidden' })
    submit = submitButton(label)
    return { alerts, submit }
  }

  const loginForm = () => {
    const parts = formParts(t`Sign in`)
    return h(
      'form',
      { class: 'flex flex-col gap-4', novalidate: true, 'aria-label': t`Sign in`, onsubmit: send },
      parts.alerts,
      field('email', t`Email`, 'email', 'username'),
      field('password', t`Password`, 'password', 'current-password'),
      parts.submit,
      linkButton(t`Forgot your password?`, () => showForgot(true)),
    )
  }

  const recoveryForm = () => {
    if (state.sent) {
      return h(
        'div',
        { class: 'flex flex-col gap-4' },
        alertBox({ tone: 'success', text: state.sent }),
        h(
          'button',
          {
            type: 'button',
            class: buttonClass('secondary'),
            'data-back': true,
            onclick: () => showForgot(false),
          },
          t`Back to sign in`,
        ),
      )
    }
    const parts = formParts(t`Send the link`)
    return h(
      'form',
      {
        class: 'flex flex-col gap-4',
        novalidate: true,
        'aria-label': t`Recover your password`,
        onsubmit: send,
      },
      h('p', {}, t`Enter your email and we will send you a link to choose a new password.`),
      parts.alerts,
      field('recovery', t`Email`, 'email', 'email'),
      parts.submit,
      linkButton(t`Back to sign in`, () => showForgot(false)),
    )
  }

  /** The whole page again: on a new language, college details or form. What is typed stays. */
  const draw = () => {
    const focused = document.activeElement instanceof HTMLElement ? document.activeElement.id : ''
    fields = new Map()
    alerts = undefined
    submit = undefined
    shownAlerts = ''
    root.replaceChildren(
      signInFrame({
        college: store.get(collegeAtom),
        title: state.forgot ? t`Recover your password` : t`Sign in`,
        content: state.forgot ? recoveryForm() : loginForm(),
        onHome: () => host.go('/'),
      }),
    )
    update()
    if (focused) document.getElementById(focused)?.focus()
  }

  const watching = [
    store.sub(localeAtom, draw),
    store.sub(collegeAtom, draw),
    store.sub(onlineAtom, update),
    store.sub(loginErrorAtom, update),
  ]
  draw()
  return () => {
    for (const stop of watching) stop()
    root.replaceChildren()
  }
}
