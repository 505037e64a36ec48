// The look of a form's label, control and messages, shared by the React fields and the sign-in page's
// fields drawn without React (features/auth/sign-in).

export const labelClass = 'text-sm font-medium text-slate-800 dark:text-slate-200'

export const controlClass =
  'min-h-11 w-full rounded-xl border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-500 transition-colors hover:border-slate-400 focus:border-brand-ink focus:outline-2 focus:outline-offset-0 focus:outline-brand-ink/30 aria-[invalid=true]:border-red-600 disabled:opacity-60 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400 dark:aria-[invalid=true]:border-red-400'

export const fieldErrorClass = 'text-sm font-medium text-red-700 dark:text-red-300'

/** The public pages' native selects (language, theme), with room for an icon at the start. */
export const selectClass =
  'min-h-11 cursor-pointer appearance-none rounded-xl border border-slate-300 bg-white py-2 ps-9 pe-3 text-sm dark:border-slate-600 dark:bg-slate-900'

/**
 * The language choice: as wide as its widest name ("Español (México)") without the browser measuring
 * each. Sized by its options, the select had every language's name shaped in its own script as the
 * page first drew, and the Arabic and Chinese names sent the browser looking for fonts for them:
 * 7-9 ms of the first layout here, four times that on Lighthouse's phone.
 */
export const languageSelectClass = `${selectClass} w-44`

/** The icon inside such a select. */
export const selectIconClass =
  'pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted'

export type AlertTone = 'error' | 'success' | 'warning' | 'info'

/** A form's or screen's message box, by what it says. */
export const alertToneClass: Record<AlertTone, string> = {
  error: 'bg-red-50 text-red-900 ring-red-200 dark:bg-red-950 dark:text-red-100 dark:ring-red-900',
  success:
    'bg-emerald-50 text-emerald-950 ring-emerald-200 dark:bg-emerald-950 dark:text-emerald-100 dark:ring-emerald-900',
  warning:
    'bg-amber-50 text-amber-950 ring-amber-200 dark:bg-amber-950 dark:text-amber-100 dark:ring-amber-900',
  info: 'bg-sky-50 text-sky-950 ring-sky-200 dark:bg-sky-950 dark:text-sky-100 dark:ring-sky-900',
}

export const alertClass = 'flex items-start gap-3 rounded-xl p-3 ring-1 ring-inset'
