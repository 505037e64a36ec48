import { Trans } from '@lingui/react/macro'
import type { ReactNode } from 'react'
import { AriaButton } from './aria-button.tsx'
import { FormAlert } from './form-alert.tsx'

/**
 * A save refused because someone else changed the record meanwhile (409 with their version): the form
 * keeps what this person typed, and offers to load the other version instead.
 */
export function ConflictAlert({
  loaded,
  onLoad,
  children,
}: {
  /** Their version is already in the form. */
  loaded: boolean
  onLoad: () => void
  /** What happened, naming the record ("Someone else changed this banner…"). */
  children: ReactNode
}) {
  if (loaded) {
    return (
      <FormAlert tone="info">
        <Trans>The form now holds their version. Change it again if you need to, and save.</Trans>
      </FormAlert>
    )
  }
  return (
    <FormAlert
      tone="warning"
      action={
        <AriaButton variant="secondary" size="sm" className="self-start" onPress={onLoad}>
          <Trans>Load their version</Trans>
        </AriaButton>
      }
    >
      {children}
    </FormAlert>
  )
}
