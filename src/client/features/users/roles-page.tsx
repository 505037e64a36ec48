// /users/roles: the college's roles and what each may do. Built-in roles stay; the college's own
// roles can be renamed and deleted once nobody holds them.
import { valibotResolver } from '@hookform/resolvers/valibot'
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { ArrowLeft, Pencil, Plus, ShieldCheck, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { type Role, type RoleInput, roleSchema } from '#shared/roles.schema.ts'
import { api } from '../../platform/api.ts'
import { applyServerErrors, clearingFirst } from '../../platform/form-errors.ts'
import { useRemote } from '../../platform/remote.ts'
import { roleLabel } from '../../platform/role-labels.ts'
import { toast } from '../../platform/toasts.ts'
import { AriaButton, AriaIconButton } from '../../ui/aria-button.tsx'
import { Badge } from '../../ui/badge.tsx'
import { Checkbox, CheckboxGroup } from '../../ui/checkbox.tsx'
import { useConfirm } from '../../ui/confirm-dialog.tsx'
import { FormAlert } from '../../ui/form-alert.tsx'
import { FormDialog } from '../../ui/form-dialog.tsx'
import { TextLink } from '../../ui/link.tsx'
import { RemoteContent } from '../../ui/list-status.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { SkeletonList } from '../../ui/skeleton.tsx'
import { TextField } from '../../ui/text-field.tsx'
import { Tooltip } from '../../ui/tooltip.tsx'
import { useAction } from '../../ui/use-action.ts'
import { PERMISSION_GROUPS, PERMISSION_INFO } from './permission-catalogue.ts'

export function RolesPage() {
  const { t, i18n } = useLingui()
  const roles = useRemote<{ data: Role[] }>('api/v1/roles')
  const [editing, setEditing] = useState<Role | 'new'>()
  const { confirm, dialog } = useConfirm()
  const { act } = useAction()
  const remove = async (role: Role) => {
    const ok = await confirm({
      title: t`Delete the role “${role.name}”?`,
      body: t`Nobody holds it. This cannot be undone.`,
      confirmLabel: t`Delete`,
      destructive: true,
    })
    if (ok && (await act(() => api.delete(`api/v1/roles/${role.id}`), t`The role has been deleted.`)))
      roles.reload()
  }
  return (
    <>
      <PageHeader
        title={t`Roles`}
        description={t`What each kind of person may see and do in the app.`}
        before={
          <TextLink to="/users" className="inline-flex items-center gap-1 self-start text-sm">
            <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
            <Trans>People</Trans>
          </TextLink>
        }
        actions={
          <AriaButton onPress={() => setEditing('new')}>
            <Plus aria-hidden="true" className="size-4" />
            {t`New role`}
          </AriaButton>
        }
      />
      <RemoteContent
        status={roles.status}
        error={roles.error}
        onRetry={roles.reload}
        loading={<SkeletonList label={t`Loading roles…`} />}
      >
        <ul className="card divide-y divide-slate-100 dark:divide-slate-800">
          {roles.data?.data.map((role) => {
            const deletable = !role.built_in && role.holders === 0
            return (
              <li key={role.id} className="flex flex-wrap items-center gap-3 p-4">
                <ShieldCheck aria-hidden="true" className="size-5 text-brand-ink" />
                <div className="flex min-w-0 flex-1 flex-col">
                  <span dir="auto" className="font-semibold">
                    {roleLabel(i18n, role)}
                  </span>
                  <span className="text-sm text-muted">
                    {plural(role.holders, { one: '# person', other: '# people' })} ·{' '}
                    {plural(role.permissions.length, { one: '# permission', other: '# permissions' })}
                  </span>
                </div>
                {role.built_in && <Badge tone="neutral">{t`Built-in`}</Badge>}
                <AriaButton size="sm" variant="ghost" onPress={() => setEditing(role)}>
                  <Pencil aria-hidden="true" className="size-4" />
                  {t`Edit`}
                </AriaButton>
                <Tooltip
                  text={
                    deletable
                      ? t`Delete ${roleLabel(i18n, role)}`
                      : role.built_in
                        ? t`Built-in roles cannot be deleted`
                        : t`Give its people another role first`
                  }
                >
                  <AriaIconButton
                    label={t`Delete ${roleLabel(i18n, role)}`}
                    size="sm"
                    isDisabled={!deletable}
                    onPress={() => void remove(role)}
                  >
                    <Trash2 aria-hidden="true" className="size-4" />
                  </AriaIconButton>
                </Tooltip>
              </li>
            )
          })}
        </ul>
      </RemoteContent>
      {editing && (
        <RoleEditor
          role={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(undefined)}
          onSaved={() => {
            setEditing(undefined)
            roles.reload()
          }}
        />
      )}
      {dialog}
    </>
  )
}

function RoleEditor({ role, onClose, onSaved }: { role?: Role; onClose: () => void; onSaved: () => void }) {
  const { t, i18n } = useLingui()
  const [formError, setFormError] = useState<string>()
  const { register, control, handleSubmit, setError, formState } = useForm<RoleInput>({
    resolver: valibotResolver(roleSchema),
    defaultValues: { name: role ? roleLabel(i18n, role) : '', permissions: role?.permissions ?? [] },
  })
  const fixed = role?.key === 'admin'
  const submit = handleSubmit(async (values) => {
    try {
      const json = { ...values, name: role?.built_in ? role.name : values.name }
      if (role) await api.put(`api/v1/roles/${role.id}`, { json })
      else await api.post('api/v1/roles', { json })
      toast(role ? t`Changes saved.` : t`The role has been created.`, 'success')
      onSaved()
    } catch (error) {
      setFormError(
        applyServerErrors(error, setError, ['name', 'permissions'], {
          offline: t`Saving needs a connection. What you chose is still here: try again when you are online.`,
          failed: t`We could not save. Please try again.`,
        }),
      )
    }
  })
  return (
    <FormDialog
      title={role ? t`Edit ${roleLabel(i18n, role)}` : t`New role`}
      submitLabel={role ? t`Save changes` : t`Create role`}
      pending={formState.isSubmitting}
      dirty={formState.isDirty}
      error={formError}
      onClose={onClose}
      onSubmit={clearingFirst(() => setFormError(undefined), submit)}
      size="lg"
    >
      <TextField
        label={t`Name`}
        disabled={role?.built_in}
        hint={role?.built_in ? t`Built-in roles keep their name.` : undefined}
        error={formState.errors.name?.message}
        {...register('name')}
      />
      {fixed && (
        <FormAlert tone="info">{t`Administrators always have every permission, so the college can never be locked out of its settings.`}</FormAlert>
      )}
      <Controller
        control={control}
        name="permissions"
        render={({ field }) => (
          <div className="flex flex-col gap-5">
            {PERMISSION_GROUPS.map((group) => (
              <CheckboxGroup
                key={group.title.id}
                label={i18n._(group.title)}
                value={field.value ?? []}
                onChange={field.onChange}
                error={formState.errors.permissions?.message}
              >
                {group.permissions.map((permission) => {
                  const info = PERMISSION_INFO[permission as keyof typeof PERMISSION_INFO]
                  return (
                    <Checkbox
                      key={permission}
                      value={permission}
                      isDisabled={fixed}
                      className="items-start py-1"
                    >
                      <span className="flex flex-col">
                        <span className="font-medium">{i18n._(info.label)}</span>
                        <span className="text-sm text-muted">{i18n._(info.description)}</span>
                      </span>
                    </Checkbox>
                  )
                })}
              </CheckboxGroup>
            ))}
          </div>
        )}
      />
    </FormDialog>
  )
}
