// /users/{id}: one person: their details and role (editable with users.manage), a guardian's
// students, a student's guardians, a password link, and deactivation.
import { Trans, useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { ArrowLeft, KeyRound, UserCheck, UserRoundX, UserX } from 'lucide-react'
import { useEffect } from 'react'
import { isSchoolStaffRole } from '#shared/messenger.schema.ts'
import { type UserAdminInput, type UserDetail, userAdminSchema } from '#shared/users.schema.ts'
import { api } from '../../platform/api.ts'
import { useDateFormat } from '../../platform/dates.ts'
import { useRemote } from '../../platform/remote.ts'
import { roleLabel } from '../../platform/role-labels.ts'
import { userAtom } from '../../platform/session.ts'
import { AriaButton } from '../../ui/aria-button.tsx'
import { Avatar } from '../../ui/avatar.tsx'
import { Badge } from '../../ui/badge.tsx'
import { Button } from '../../ui/button.tsx'
import { useConfirm } from '../../ui/confirm-dialog.tsx'
import { EmptyState } from '../../ui/empty-state.tsx'
import { FormAlert } from '../../ui/form-alert.tsx'
import { ButtonLink, TextLink } from '../../ui/link.tsx'
import { RemoteContent } from '../../ui/list-status.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { useServerForm } from '../../ui/server-form.tsx'
import { SkeletonList } from '../../ui/skeleton.tsx'
import { useAction } from '../../ui/use-action.ts'
import { type Choices, useCollegeChoices } from './college-choices.ts'
import { StudentPicker } from './student-picker.tsx'
import { TeachingSection } from './teaching-section.tsx'
import { USER_FIELDS, UserFields } from './user-fields.tsx'
import { fullName } from './users-list.tsx'

function valuesOf(user: UserDetail): UserAdminInput {
  return {
    name: user.name,
    first_lastname: user.first_lastname,
    second_lastname: user.second_lastname,
    email: user.email,
    rut: user.rut,
    phone: user.phone,
    birthdate: user.birthdate,
    role_id: user.role.id,
    course_id: user.courses[0]?.id ?? null,
  }
}

const BackToPeople = () => (
  <TextLink to="/users" className="inline-flex items-center gap-1 self-start text-sm">
    <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
    <Trans>People</Trans>
  </TextLink>
)

export function UserDetailPage({ id }: { id: string }) {
  const { t } = useLingui()
  const valid = /^\d{1,10}$/.test(id)
  const user = useRemote<UserDetail>(valid ? `api/v1/users/${id}` : null)
  const choices = useCollegeChoices()
  if (!valid || (user.status === 'error' && !user.data)) {
    return (
      <EmptyState
        icon={UserRoundX}
        level={1}
        title={t`This person is not in the college`}
        action={
          <ButtonLink to="/users" variant="secondary">
            <Trans>Back to people</Trans>
          </ButtonLink>
        }
      >
        <Trans>The link may be old, or the person belongs to another college.</Trans>
      </EmptyState>
    )
  }
  return (
    <RemoteContent
      status={user.data ? 'ready' : user.status}
      error={user.error}
      onRetry={user.reload}
      loading={<SkeletonList count={2} label={t`Loading…`} />}
    >
      {user.data && <UserDetailView user={user.data} onChange={user.set} choices={choices} />}
    </RemoteContent>
  )
}

function UserDetailView({
  user,
  onChange,
  choices,
}: {
  user: UserDetail
  onChange: (user: UserDetail) => void
  choices: Choices
}) {
  const { t, i18n } = useLingui()
  const format = useDateFormat()
  const me = useAtomValue(userAtom)
  const canManage = Boolean(me?.permissions.includes('users.manage'))
  const { confirm, dialog } = useConfirm()
  const { busy, act: run } = useAction()
  const name = fullName(user)
  const form = useServerForm<UserAdminInput, UserDetail>({
    schema: userAdminSchema,
    defaultValues: valuesOf(user),
    fields: USER_FIELDS,
    save: (values) => api.put(`api/v1/users/${user.id}`, { json: values }).json<UserDetail>(),
    valuesAfter: (saved) => valuesOf(saved),
    onSaved: onChange,
    savedText: t`Changes saved.`,
  })
  const { reset } = form
  // A change made elsewhere on this screen (linking a student) refreshes what the form starts from.
  useEffect(() => {
    reset(valuesOf(user), { keepDirtyValues: true })
  }, [user, reset])

  /** A change of this person; the screen shows what the server answers. */
  const act = async (work: () => Promise<UserDetail | { message: string }>, done: string) => {
    const result = await run(work, (answer) => ('message' in answer ? answer.message : done))
    if (result && 'id' in result) onChange(result)
  }
  const deactivate = async () => {
    const ok = await confirm({
      title: t`Deactivate ${name}?`,
      body: t`They are signed out on every device at once and cannot sign in until reactivated. Their messages, posts and history stay.`,
      confirmLabel: t`Deactivate`,
      destructive: true,
    })
    if (ok)
      await act(
        () => api.post(`api/v1/users/${user.id}/deactivate`).json<UserDetail>(),
        t`${name} has been deactivated.`,
      )
  }
  const unlink = async (studentId: number, studentName: string) => {
    const ok = await confirm({
      title: t`Unlink ${studentName}?`,
      body: t`${name} will no longer see what is sent to ${studentName}'s course.`,
      confirmLabel: t`Unlink`,
      destructive: true,
    })
    if (ok)
      await act(
        () => api.delete(`api/v1/users/${user.id}/students/${studentId}`).json<UserDetail>(),
        t`${studentName} has been unlinked.`,
      )
  }
  const studentRole = choices.roles.data?.data.find((r) => r.key === 'student')?.id

  return (
    <>
      <PageHeader
        before={<BackToPeople />}
        title={
          <span className="flex items-center gap-3">
            <Avatar name={name} src={user.avatar_url} size="lg" />
            <span dir="auto">{name}</span>
          </span>
        }
        description={
          <span className="flex flex-wrap items-center gap-2">
            <Badge tone="brand">{roleLabel(i18n, user.role)}</Badge>
            {user.active ? (
              <Badge tone="success">{t`Active`}</Badge>
            ) : (
              <Badge tone="neutral">{t`Deactivated on ${format(user.deactivated_at!, 'date')}`}</Badge>
            )}
            {!user.has_password && <Badge tone="warning">{t`Has not chosen a password yet`}</Badge>}
            <span className="text-sm">
              {user.last_seen_at
                ? t`Last used the app: ${format(user.last_seen_at, 'dateTime')}`
                : t`Has not used the app yet`}
            </span>
          </span>
        }
        actions={
          canManage && (
            <>
              {user.active && (
                <AriaButton
                  variant="secondary"
                  isDisabled={busy}
                  onPress={() =>
                    void act(
                      () => api.post(`api/v1/users/${user.id}/password-reset`).json<{ message: string }>(),
                      '',
                    )
                  }
                >
                  <KeyRound aria-hidden="true" className="size-4" />
                  {user.has_password ? t`Send password reset` : t`Send the welcome mail again`}
                </AriaButton>
              )}
              {user.id !== me?.id &&
                (user.active ? (
                  <AriaButton variant="danger" isDisabled={busy} onPress={() => void deactivate()}>
                    <UserX aria-hidden="true" className="size-4" />
                    {t`Deactivate`}
                  </AriaButton>
                ) : (
                  <AriaButton
                    variant="secondary"
                    isDisabled={busy}
                    onPress={() =>
                      void act(
                        () => api.post(`api/v1/users/${user.id}/reactivate`).json<UserDetail>(),
                        t`${name} can sign in again.`,
                      )
                    }
                  >
                    <UserCheck aria-hidden="true" className="size-4" />
                    {t`Reactivate`}
                  </AriaButton>
                ))}
            </>
          )
        }
      />
      <form onSubmit={form.submit} noValidate className="card flex flex-col gap-6 p-5 sm:p-6">
        <FormAlert>{form.formError}</FormAlert>
        <UserFields form={form} choices={choices} readOnly={!canManage} />
        {canManage && (
          <Button type="submit" busy={form.formState.isSubmitting} className="self-start">
            <Trans>Save changes</Trans>
          </Button>
        )}
      </form>
      {user.role.key === 'guardian' && (
        <section className="card flex flex-col gap-4 p-5 sm:p-6" aria-labelledby="students-heading">
          <h2 id="students-heading" className="text-lg font-semibold">
            <Trans>Students</Trans>
          </h2>
          {user.students.length === 0 ? (
            <p className="text-muted">
              <Trans>
                No student is linked yet: this guardian sees only what is sent to the whole college.
              </Trans>
            </p>
          ) : (
            <ul className="divide-y divide-slate-100 dark:divide-slate-800">
              {user.students.map((s) => (
                <li key={s.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                  <span className="flex flex-col">
                    <TextLink to="/users/$" params={{ _splat: String(s.id) }} dir="auto">
                      {s.name}
                    </TextLink>
                    <span className="text-sm text-muted">
                      {s.courses.map((c) => c.name).join(', ') || t`No course`}
                    </span>
                  </span>
                  {canManage && (
                    <AriaButton
                      size="sm"
                      variant="ghost"
                      isDisabled={busy}
                      onPress={() => void unlink(s.id, s.name)}
                    >
                      {t`Unlink`}
                    </AriaButton>
                  )}
                </li>
              ))}
            </ul>
          )}
          {canManage && (
            <StudentPicker
              label={t`Link a student`}
              studentRoleId={studentRole}
              chosen={user.students}
              isDisabled={busy}
              onAdd={(s) =>
                void act(
                  () =>
                    api
                      .post(`api/v1/users/${user.id}/students`, { json: { student_id: s.id } })
                      .json<UserDetail>(),
                  t`${s.name} has been linked.`,
                )
              }
            />
          )}
        </section>
      )}
      {isSchoolStaffRole(user.role.key) && (
        <TeachingSection user={user} choices={choices} canManage={canManage} onChange={onChange} />
      )}
      {user.guardians.length > 0 && (
        <section className="card flex flex-col gap-3 p-5 sm:p-6" aria-labelledby="guardians-heading">
          <h2 id="guardians-heading" className="text-lg font-semibold">
            <Trans>Guardians</Trans>
          </h2>
          <ul className="flex flex-col gap-2">
            {user.guardians.map((g) => (
              <li key={g.id} className="flex flex-col">
                <TextLink to="/users/$" params={{ _splat: String(g.id) }} dir="auto">
                  {g.name}
                </TextLink>
                <span className="text-sm text-muted">{g.email}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
      {form.guard}
      {dialog}
    </>
  )
}
