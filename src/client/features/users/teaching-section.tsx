// The courses a member of staff teaches: the families of those courses may write to them in the
// messenger. Ticked and saved here by those who manage people; read by everyone else.
import { Trans, useLingui } from '@lingui/react/macro'
import { useState } from 'react'
import type { UserDetail } from '#shared/users.schema.ts'
import { api } from '../../platform/api.ts'
import { AriaButton } from '../../ui/aria-button.tsx'
import { IdCheckboxes } from '../../ui/checkbox.tsx'
import { useAction } from '../../ui/use-action.ts'
import type { Choices } from './college-choices.ts'

export function TeachingSection({
  user,
  choices,
  canManage,
  onChange,
}: {
  user: UserDetail
  choices: Choices
  canManage: boolean
  onChange: (user: UserDetail) => void
}) {
  const { t } = useLingui()
  const [chosen, setChosen] = useState(user.teaches.map((c) => c.id))
  const { busy, act } = useAction()
  const saved = new Set(user.teaches.map((c) => c.id))
  const changed = chosen.length !== saved.size || chosen.some((id) => !saved.has(id))
  const save = async () => {
    const ids = chosen
    const done = await act(
      () =>
        api
          .put(`api/v1/staff/${user.id}/courses`, { json: { course_ids: ids } })
          .json<{ course_ids: number[] }>(),
      t`Courses saved.`,
    )
    if (done)
      onChange({
        ...user,
        teaches: choices.courseOptions
          .filter((c) => done.course_ids.includes(Number(c.id)))
          .map((c) => ({ id: Number(c.id), name: String(c.name) })),
      })
  }
  return (
    <section className="card flex flex-col gap-4 p-5 sm:p-6" aria-labelledby="teaching-heading">
      <h2 id="teaching-heading" className="text-lg font-semibold">
        <Trans>Courses they teach</Trans>
      </h2>
      {canManage ? (
        <>
          <IdCheckboxes
            label={t`Courses`}
            options={choices.courseOptions}
            value={chosen}
            onChange={setChosen}
            hint={t`The families of these courses can write to them in Messages.`}
          />
          <AriaButton className="self-start" isDisabled={!changed || busy} onPress={() => void save()}>
            {t`Save courses`}
          </AriaButton>
        </>
      ) : (
        <p className="text-muted">{user.teaches.map((c) => c.name).join(', ') || t`No course yet.`}</p>
      )}
    </section>
  )
}
