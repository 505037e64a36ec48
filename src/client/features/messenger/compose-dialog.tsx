// A new conversation: staff write to people they tick in a search, or to the families of courses or
// grades; a family chooses one of their children's teachers or the administration. It lands in the
// mirror at once and is sent when there is a connection.
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { type FormEvent, useState } from 'react'
import type { User } from '#shared/api-types.ts'
import {
  isFamilyRole,
  MAX_MESSAGE_PEOPLE,
  MESSAGE_MAX_LENGTH,
  type MessageScope,
  type MessengerContact,
} from '#shared/messenger.schema.ts'
import { queryString } from '../../platform/remote.ts'
import { roleLabel } from '../../platform/role-labels.ts'
import { localDb } from '../../platform/sync/local-db.ts'
import { useLocalQuery } from '../../platform/sync/use-local-query.ts'
import { IdCheckboxes } from '../../ui/checkbox.tsx'
import { FormDialog } from '../../ui/form-dialog.tsx'
import { PeoplePicker } from '../../ui/people-picker.tsx'
import { Radio, RadioGroup } from '../../ui/radio-group.tsx'
import { TextArea } from '../../ui/text-area.tsx'
import { TextField } from '../../ui/text-field.tsx'
import { knownContacts, namedLike } from './conversation-queries.ts'
import { sendMessage, startConversation } from './messenger-actions.ts'

type Errors = { people?: string; groups?: string; body?: string }

export function ComposeDialog({ me, onClose }: { me: User; onClose: () => void }) {
  const { t, i18n } = useLingui()
  const navigate = useNavigate()
  const family = isFamilyRole(me.role)
  const [scope, setScope] = useState<MessageScope>('users')
  const [people, setPeople] = useState<MessengerContact[]>([])
  const [groups, setGroups] = useState<number[]>([])
  const [title, setTitle] = useState('')
  const [body, setBody] = useState('')
  const [errors, setErrors] = useState<Errors>({})
  const grades = useLocalQuery((db) => db.grades.orderBy('position').toArray(), [], [])
  const courses = useLocalQuery((db) => db.courses.toArray(), [], [])
  // Offline, the people of conversations already on the device can still be written to.
  const known = useLocalQuery((db) => knownContacts(db, me.id, family), [me.id, family], [])
  const options = scope === 'courses' ? (courses ?? []) : (grades ?? [])
  const max = family ? 1 : MAX_MESSAGE_PEOPLE
  const group = scope !== 'users' || people.length > 1

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    const text = body.trim()
    const next: Errors = {}
    if (scope === 'users' && people.length === 0) next.people = t`Please choose who to write to`
    if (scope !== 'users' && groups.length === 0)
      next.groups =
        scope === 'courses' ? t`Please choose at least one course` : t`Please choose at least one grade`
    if (!text) next.body = t`Please write a message`
    else if (text.length > MESSAGE_MAX_LENGTH)
      next.body = t`This message is too long. Please shorten it or send it in two parts.`
    setErrors(next)
    if (Object.keys(next).length) return
    // Writing again to the same person carries on the open conversation with them.
    const only = scope === 'users' && people.length === 1 ? people[0] : undefined
    const existing = only
      ? await localDb()
          ?.conversations.filter(
            (c) => c.kind === 'direct' && !c.closed_at && c.members.some((m) => m.id === only.id),
          )
          .first()
      : undefined
    let id: string
    if (existing) {
      await sendMessage(existing.id, text, me)
      id = existing.id
    } else {
      const names = options.filter((o) => groups.includes(o.id)).map((o) => o.name)
      id = await startConversation(
        {
          scope,
          people: scope === 'users' ? people : [],
          courses: scope === 'courses' ? groups : [],
          grades: scope === 'grades' ? groups : [],
          groupName: names.join(', '),
          title: group ? title.trim() : '',
          body: text,
        },
        me,
      )
    }
    onClose()
    void navigate({ to: '/messenger', search: { c: id } })
  }

  const describe = (p: MessengerContact) =>
    [roleLabel(i18n, { key: p.role_key, name: '' }) || undefined, p.courses.join(', ') || undefined]
      .filter(Boolean)
      .join(' · ')
  return (
    <FormDialog
      title={t`New message`}
      submitLabel={t`Send`}
      pending={false}
      dirty={body.length > 0 || people.length > 0 || groups.length > 0}
      onClose={onClose}
      onSubmit={(e) => void submit(e)}
      size="lg"
    >
      {!family && (
        <RadioGroup
          label={t`Write to`}
          value={scope}
          onChange={(value) => {
            setScope(value as MessageScope)
            setGroups([])
            setErrors({})
          }}
        >
          <Radio value="users">
            <Trans>People I choose</Trans>
          </Radio>
          <Radio value="courses">
            <Trans>The families of some courses</Trans>
          </Radio>
          <Radio value="grades">
            <Trans>The families of some grades</Trans>
          </Radio>
        </RadioGroup>
      )}
      {scope === 'users' ? (
        <PeoplePicker
          chosen={people}
          onChange={(next) => {
            setPeople(next)
            if (errors.people) setErrors({ ...errors, people: undefined })
          }}
          max={max}
          searchUrl={(q) => `api/v1/messenger/contacts${queryString({ q })}`}
          describe={describe}
          offline={(q) => namedLike(known ?? [], q)}
          placeholder={family ? t`Type a teacher's name` : t`Type a name or email`}
          limitHint={
            family
              ? t`You can write to the teachers of your children's courses and to the administration.`
              : t`Several people make a group message: each answer reaches only you.`
          }
          fullHint={
            family
              ? t`You write to one person at a time.`
              : t`That is the most people one message can name. For more, choose their courses.`
          }
          error={errors.people}
        />
      ) : (
        <IdCheckboxes
          label={scope === 'courses' ? t`Courses` : t`Grades`}
          options={options}
          value={groups}
          onChange={(ids) => {
            setGroups(ids)
            if (errors.groups) setErrors({ ...errors, groups: undefined })
          }}
          error={errors.groups}
          hint={t`Each family receives it privately and answers only you.`}
        />
      )}
      {group && (
        <TextField
          label={t`Subject (optional)`}
          value={title}
          maxLength={120}
          onChange={(e) => setTitle(e.target.value)}
        />
      )}
      <TextArea
        label={t`Message`}
        value={body}
        rows={5}
        maxLength={MESSAGE_MAX_LENGTH}
        error={errors.body}
        onChange={(e) => {
          setBody(e.target.value)
          if (errors.body) setErrors({ ...errors, body: undefined })
        }}
      />
    </FormDialog>
  )
}
