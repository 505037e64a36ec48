// A button's work against the server (deactivate, suspend, delete…): busy while it runs, a toast
// that says it worked, or the server's reason (or "check your connection") when it did not.
import { useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import { errorMessageOf } from '../platform/api.ts'
import { toast } from '../platform/toasts.ts'

export function useAction(): {
  busy: boolean
  /** Runs `work`; `done` is the toast once it worked (or made from its answer). Answers its result, or undefined when it failed. */
  act: <R>(work: () => Promise<R>, done: string | ((result: R) => string)) => Promise<R | undefined>
} {
  const { t } = useLingui()
  const [busy, setBusy] = useState(false)
  const act = async <R>(work: () => Promise<R>, done: string | ((result: R) => string)) => {
    setBusy(true)
    try {
      const result = await work()
      toast(typeof done === 'string' ? done : done(result), 'success')
      return result
    } catch (error) {
      toast(errorMessageOf(error) ?? t`That did not work. Check your connection and try again.`, 'error')
      return undefined
    } finally {
      setBusy(false)
    }
  }
  return { busy, act }
}
