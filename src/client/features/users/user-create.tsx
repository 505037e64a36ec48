// /users/new: a person created by the office, who gets a mail to choose their password.
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { ArrowLeft } from 'lucide-react'
import { useState } from 'react'
import { Controller } from 'react-hook-form'
import {
  type PersonRef,
  type UserCreateInput,
  type UserDetail,
  userCreateSchema,
} from '#shared/users.schema.ts'
import { api } from '../../platform/api.ts'
import { Button } from '../../ui/button.tsx'
import { Checkbox } from '../../ui/checkbox.tsx'
import { FormAlert } from '../../ui/form-alert.tsx'
import { ButtonLink, TextLink } from '../../ui/link.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { useServerForm } from '../../ui/server-form.tsx'
import { useCollegeChoices } from './college-choices.ts'
import { StudentPicker } from './student-picker.tsx'
import { chosenRoleKey, USER_FIELDS, UserFields } from './user-fields.tsx'

export function UserCreate() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const choices = useCollegeChoices()
  const [students, setStudents] = useState<PersonRef[]>([])
  const form = useServerForm<UserCreateInput, UserDetail>({
    schema: userCreateSchema,
    defaultValues: {
      name: '',
      first_lastname: '',
      second_lastname: '',
      email: '',
      rut: '',
      phone: '',
      birthdate: '',
      role_id: 0,
      course_id: null,
      student_ids: [],
      send_welcome: true,
    },
    fields: [...USER_FIELDS, 'student_ids'],
    save: (values) => {
      const guardian = chosenRoleKey(choices, values.role_id) === 'guardian'
      return api
        .post('api/v1/users', { json: { ...values, student_ids: guardian ? students.map((s) => s.id) : [] } })
        .json<UserDetail>()
    },
    savedText: t`The person has been added.`,
    onSaved: (user) => void navigate({ to: '/users/$', params: { _splat: String(user.id) } }),
  })
  const roleKey = chosenRoleKey(choices, form.watch('role_id'))
  const studentRole = choices.roles.data?.data.find((r) => r.key === 'student')?.id
  const { errors } = form.formState
  return (
    <>
      <PageHeader
        title={t`New person`}
        description={t`They will receive a mail with a link to choose their password.`}
        before={
          <TextLink to="/users" className="inline-flex items-center gap-1 self-start text-sm">
            <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
            <Trans>People</Trans>
          </TextLink>
        }
      />
      <form onSubmit={form.submit} noValidate className="card flex flex-col gap-6 p-5 sm:p-6">
        <FormAlert>{form.formError}</FormAlert>
        <UserFields form={form} choices={choices} />
        {roleKey === 'guardian' && (
          <StudentPicker
            label={t`Their students`}
            studentRoleId={studentRole}
            chosen={students}
            onAdd={(s) => setStudents((list) => [...list, s])}
            onRemove={(s) => setStudents((list) => list.filter((x) => x.id !== s.id))}
            error={errors.student_ids?.message}
          />
        )}
        <Controller
          control={form.control}
          name="send_welcome"
          render={({ field }) => (
            <Checkbox isSelected={Boolean(field.value)} onChange={field.onChange}>
              {t`Mail them a link to choose their password`}
            </Checkbox>
          )}
        />
        <div className="flex flex-wrap gap-2">
          <Button type="submit" busy={form.formState.isSubmitting}>
            <Trans>Add person</Trans>
          </Button>
          <ButtonLink to="/users" variant="ghost">
            <Trans>Cancel</Trans>
          </ButtonLink>
        </div>
      </form>
      {form.guard}
    </>
  )
}
