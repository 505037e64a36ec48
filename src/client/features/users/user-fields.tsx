// The fields of a person as administrators fill them in: on the new-person form and the detail screen.
import { useLingui } from '@lingui/react/macro'
import { Controller, type FieldValues, type Path, type UseFormReturn } from 'react-hook-form'
import type { UserAdminInput } from '#shared/users.schema.ts'
import { DateField } from '../../ui/date-field.tsx'
import { Select } from '../../ui/select.tsx'
import { TextField } from '../../ui/text-field.tsx'
import type { Choices } from './college-choices.ts'

export const USER_FIELDS = [
  'name',
  'first_lastname',
  'second_lastname',
  'email',
  'rut',
  'phone',
  'birthdate',
  'role_id',
  'course_id',
] as const

/** The role the form has chosen, by key (a student gets a course, a guardian their students). */
export function chosenRoleKey(choices: Choices, roleId: number | undefined): string | undefined {
  return choices.roles.data?.data.find((r) => r.id === roleId)?.key
}

export function UserFields<T extends FieldValues & UserAdminInput>({
  form,
  choices,
  readOnly = false,
}: {
  form: UseFormReturn<T>
  choices: Choices
  readOnly?: boolean
}) {
  const { t } = useLingui()
  const { register, control, formState, watch } = form
  const e = formState.errors as Partial<Record<keyof UserAdminInput, { message?: string }>>
  const field = (name: keyof UserAdminInput) => name as Path<T>
  const roleKey = chosenRoleKey(choices, watch(field('role_id')))
  return (
    <>
      <fieldset className="flex flex-col gap-4" disabled={readOnly}>
        <legend className="mb-3 text-lg font-semibold">{t`Personal details`}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t`First name`}
            autoComplete="off"
            error={e.name?.message}
            {...register(field('name'))}
          />
          <TextField
            label={t`First last name`}
            error={e.first_lastname?.message}
            {...register(field('first_lastname'))}
          />
          <TextField
            label={t`Second last name`}
            error={e.second_lastname?.message}
            {...register(field('second_lastname'))}
          />
          <TextField label={t`Email`} type="email" error={e.email?.message} {...register(field('email'))} />
          <TextField
            label={t`RUT`}
            placeholder="12.345.678-5"
            error={e.rut?.message}
            {...register(field('rut'))}
          />
          <TextField label={t`Phone`} type="tel" error={e.phone?.message} {...register(field('phone'))} />
          <Controller
            control={control}
            name={field('birthdate')}
            render={({ field: f }) => (
              <DateField
                label={t`Birth date`}
                value={f.value ?? ''}
                onChange={f.onChange}
                error={e.birthdate?.message}
                isDisabled={readOnly}
              />
            )}
          />
        </div>
      </fieldset>
      <fieldset className="flex flex-col gap-4" disabled={readOnly}>
        <legend className="mb-3 text-lg font-semibold">{t`Role in the college`}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <Controller
            control={control}
            name={field('role_id')}
            render={({ field: f }) => (
              <Select
                label={t`Role`}
                placeholder={t`Choose a role`}
                options={choices.roleOptions}
                value={f.value || null}
                onChange={(key) => f.onChange(key === null ? 0 : Number(key))}
                error={e.role_id?.message}
                isDisabled={readOnly}
              />
            )}
          />
          {roleKey === 'student' && (
            <Controller
              control={control}
              name={field('course_id')}
              render={({ field: f }) => (
                <Select
                  label={t`Course`}
                  placeholder={t`Choose a course`}
                  options={choices.courseOptions}
                  value={f.value ?? null}
                  onChange={(key) => f.onChange(key === null ? null : Number(key))}
                  error={e.course_id?.message}
                  isDisabled={readOnly}
                />
              )}
            />
          )}
        </div>
      </fieldset>
    </>
  )
}
