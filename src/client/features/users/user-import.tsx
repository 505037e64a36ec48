// /users/import: families onboarded from a spreadsheet. The file is checked first and every row's
// problems are shown; nothing is written until the file has none and the admin confirms.
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { ArrowLeft, Download, FileSpreadsheet } from 'lucide-react'
import { useState } from 'react'
import type { ImportPreview, ImportResult, ImportRow } from '#shared/users.schema.ts'
import { api, errorMessageOf, isNetworkError, validationErrorsOf } from '../../platform/api.ts'
import { toast } from '../../platform/toasts.ts'
import { AriaButton } from '../../ui/aria-button.tsx'
import { Badge } from '../../ui/badge.tsx'
import { Checkbox } from '../../ui/checkbox.tsx'
import { FileDropZone } from '../../ui/file-drop-zone.tsx'
import { FormAlert } from '../../ui/form-alert.tsx'
import { TextLink } from '../../ui/link.tsx'
import { PageHeader } from '../../ui/page-header.tsx'
import { Switch } from '../../ui/switch.tsx'
import { type ColumnDef, DataTable } from '../../ui/table.tsx'

const CSV_TYPES = ['text/csv', 'application/vnd.ms-excel', '.csv']

/** A file to start from, with the columns the import reads and two example rows. */
const TEMPLATE = [
  'name,first_lastname,second_lastname,email,rut,phone,birthdate,role,course,students',
  'Tomás,Rojas,Soto,tomas.rojas@example.com,12.345.678-5,,05-03-2016,student,1° Básico A,',
  'Carolina,Soto,Pérez,carolina.soto@example.com,,+56 9 1234 5678,,guardian,,tomas.rojas@example.com',
].join('\n')

const templateHref = `data:text/csv;charset=utf-8,${encodeURIComponent(`\uFEFF${TEMPLATE}\n`)}`

export function UserImport() {
  const { t } = useLingui()
  const navigate = useNavigate()
  const [file, setFile] = useState<File>()
  const [preview, setPreview] = useState<ImportPreview>()
  const [problem, setProblem] = useState<string>()
  const [checking, setChecking] = useState(false)
  const [importing, setImporting] = useState(false)
  const [welcome, setWelcome] = useState(true)
  const [onlyErrors, setOnlyErrors] = useState(false)

  const failure = (error: unknown) =>
    validationErrorsOf(error)?.file?.[0] ??
    (isNetworkError(error) || !navigator.onLine
      ? t`Importing needs a connection. Try again when you are online.`
      : (errorMessageOf(error) ?? t`The file could not be checked. Please try again.`))

  const check = async (picked: File) => {
    setFile(picked)
    setPreview(undefined)
    setProblem(undefined)
    setChecking(true)
    const body = new FormData()
    body.set('file', picked)
    try {
      const result = await api.post('api/v1/users/import/preview', { body }).json<ImportPreview>()
      setPreview(result)
      setOnlyErrors(result.invalid > 0)
    } catch (error) {
      setProblem(failure(error))
    } finally {
      setChecking(false)
    }
  }

  const runImport = async () => {
    if (!file) return
    setImporting(true)
    setProblem(undefined)
    const body = new FormData()
    body.set('file', file)
    if (welcome) body.set('send_welcome', '1')
    try {
      const result = await api.post('api/v1/users/import', { body }).json<ImportResult>()
      toast(
        plural(result.created, { one: '# person has been added.', other: '# people have been added.' }),
        'success',
      )
      void navigate({ to: '/users' })
    } catch (error) {
      // Someone changed the college meanwhile: the answer says which rows are now wrong.
      const again = (error as { data?: { preview?: ImportPreview } }).data?.preview
      if (again) {
        setPreview(again)
        setOnlyErrors(true)
      }
      setProblem(again ? errorMessageOf(error) : failure(error))
    } finally {
      setImporting(false)
    }
  }

  const columns: ColumnDef<ImportRow & { id: number }>[] = [
    { id: 'line', title: t`Row`, render: (r) => <span className="tabular-nums">{r.line}</span> },
    {
      id: 'name',
      title: t`Person`,
      isRowHeader: true,
      render: (r) => (
        <span className="flex flex-col">
          <span dir="auto" className="font-medium">
            {r.name || '—'}
          </span>
          <span className="text-sm text-muted">{r.email}</span>
        </span>
      ),
    },
    { id: 'role', title: t`Role`, render: (r) => r.role || '—' },
    { id: 'course', title: t`Course`, hideOnPhone: true, render: (r) => r.course || r.students || '—' },
    {
      id: 'errors',
      title: t`Check`,
      render: (r) => {
        const messages = Object.values(r.errors).flat()
        if (messages.length === 0) return <Badge tone="success">{t`Ready`}</Badge>
        return (
          <ul className="flex flex-col gap-1 text-sm font-medium text-red-700 dark:text-red-300">
            {messages.map((m) => (
              <li key={m}>{m}</li>
            ))}
          </ul>
        )
      },
    },
  ]
  const rows = (preview?.rows ?? [])
    .filter((r) => !onlyErrors || Object.keys(r.errors).length > 0)
    .map((r) => ({ ...r, id: r.line }))

  return (
    <>
      <PageHeader
        title={t`Import people`}
        description={t`Add many families at once from a spreadsheet saved as CSV.`}
        before={
          <TextLink to="/users" className="inline-flex items-center gap-1 self-start text-sm">
            <ArrowLeft aria-hidden="true" className="size-4 rtl:rotate-180" />
            <Trans>People</Trans>
          </TextLink>
        }
      />
      <section className="card flex flex-col gap-4 p-5 sm:p-6">
        <p>
          <Trans>
            One person per row. The columns name, email and role are needed; first_lastname, second_lastname,
            rut, phone, birthdate, course (for students) and students (for guardians: their students’ emails
            or RUTs) are optional. Titles in Spanish work too, and so do files separated by semicolons.
          </Trans>
        </p>
        <a
          href={templateHref}
          download="people-template.csv"
          className="link inline-flex items-center gap-2 self-start"
        >
          <Download aria-hidden="true" className="size-4" />
          <Trans>Download a template</Trans>
        </a>
        <FileDropZone
          label={file ? t`File: ${file.name}` : t`Drop the CSV file here`}
          pickLabel={file ? t`Choose another file` : t`Choose a file`}
          accept={CSV_TYPES}
          multiple={false}
          isDisabled={checking || importing}
          onFiles={(files) => files[0] && void check(files[0])}
        />
        {checking && (
          <p role="status" className="text-muted">
            <Trans>Checking every row…</Trans>
          </p>
        )}
        <FormAlert>{problem}</FormAlert>
      </section>
      {preview && (
        <section className="flex flex-col gap-4" aria-labelledby="preview-heading">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="preview-heading" className="flex items-center gap-2 text-lg font-semibold">
              <FileSpreadsheet aria-hidden="true" className="size-5" />
              {preview.invalid > 0
                ? `${plural(preview.valid, { one: '# row ready', other: '# rows ready' })}, ${plural(preview.invalid, { one: '# with errors', other: '# with errors' })}`
                : plural(preview.total, { one: 'The row is ready', other: 'All # rows are ready' })}
            </h2>
            <Switch isSelected={onlyErrors} onChange={setOnlyErrors} isDisabled={preview.invalid === 0}>
              {t`Only rows with errors`}
            </Switch>
          </div>
          {preview.invalid > 0 && (
            <FormAlert tone="warning">
              <Trans>
                Nothing will be imported while a row has errors. Fix them in your spreadsheet, save it as CSV
                again and choose the file again.
              </Trans>
            </FormAlert>
          )}
          <DataTable label={t`Rows of the file`} columns={columns} rows={rows} empty={t`No rows to show.`} />
          <Checkbox isSelected={welcome} onChange={setWelcome}>
            {t`Mail each new person a link to choose their password`}
          </Checkbox>
          <AriaButton
            onPress={() => void runImport()}
            isPending={importing}
            isDisabled={preview.invalid > 0 || preview.total === 0}
            className="self-start"
          >
            {plural(preview.total, { one: 'Import # person', other: 'Import # people' })}
          </AriaButton>
        </section>
      )}
    </>
  )
}
