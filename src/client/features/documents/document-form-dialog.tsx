// Publishing documents (several files at once, each uploading with its own bar while the form is
// filled in) and editing one. Who reads it: the whole college, grades or courses, or people chosen
// by name (a report card for one family). Uploads need a connection, and the dialog says so.
import { plural } from '@lingui/core/macro'
import { Trans, useLingui } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { v7 as uuidv7 } from 'uuid'
import {
  type CollegeDocument,
  DOCUMENT_MAX_BYTES,
  type DocumentFile,
  type DocumentInput,
} from '#shared/documents.schema.ts'
import { todayIn } from '#shared/time-zones.ts'
import { api, errorMessageOf, isNetworkError, validationErrorsOf } from '../../platform/api.ts'
import { AudienceFields } from '../../platform/audience-fields.tsx'
import { formatSize } from '../../platform/file-size.ts'
import { applyServerErrors } from '../../platform/form-errors.ts'
import { onlineAtom } from '../../platform/online.ts'
import { toast } from '../../platform/toasts.ts'
import { uploadWithProgress } from '../../platform/upload-progress.ts'
import { useCollegeZone } from '../../platform/use-college-zone.ts'
import { AriaIconButton } from '../../ui/aria-button.tsx'
import { DateField } from '../../ui/date-field.tsx'
import { FileDropZone } from '../../ui/file-drop-zone.tsx'
import { FormDialog } from '../../ui/form-dialog.tsx'
import { PeoplePicker, type PickedPerson } from '../../ui/people-picker.tsx'
import { Radio, RadioGroup } from '../../ui/radio-group.tsx'
import { Select } from '../../ui/select.tsx'
import { TextArea } from '../../ui/text-area.tsx'
import { TextField } from '../../ui/text-field.tsx'
import { storeDocument } from './document-actions.ts'
import type { Folder } from './document-queries.ts'
import { pdfFirstPage } from './pdf-thumbnail.ts'

type Values = Omit<DocumentInput, 'id' | 'file_id' | 'users'> & { title: string; mode: 'groups' | 'people' }

type Upload = {
  key: string
  documentId: string
  file: File
  title: string
  progress: number
  stored?: DocumentFile
  error?: string
}

const stem = (name: string) => name.replace(/\.[^.]{1,5}$/, '').slice(0, 200)

export function DocumentFormDialog({
  folders,
  folderId,
  editing,
  onClose,
}: {
  folders: Folder[]
  /** The folder open when uploading: where new documents go unless another is chosen. */
  folderId: number | null
  editing?: CollegeDocument
  onClose: () => void
}) {
  const { t } = useLingui()
  const online = useAtomValue(onlineAtom)
  const zone = useCollegeZone()
  const [uploads, setUploads] = useState<Upload[]>([])
  const [people, setPeople] = useState<PickedPerson[]>(editing?.audience?.users ?? [])
  const [formError, setFormError] = useState<string>()
  const [pending, setPending] = useState(false)
  const aborts = useRef(new Map<string, AbortController>())
  const audience = editing?.audience
  const { control, register, handleSubmit, setError, watch, formState } = useForm<Values>({
    defaultValues: {
      title: editing?.title ?? '',
      description: editing?.description ?? '',
      category_id: editing ? editing.category_id : folderId,
      published_on: editing?.published_on ?? todayIn(zone),
      grades: audience ? audience.grades : ['all'],
      courses: audience ? audience.courses : ['all'],
      mode: audience && audience.users.length > 0 ? 'people' : 'groups',
    },
  })
  const mode = watch('mode')
  useEffect(
    () => () => {
      for (const abort of aborts.current.values()) abort.abort()
    },
    [],
  )

  const patch = (key: string, change: Partial<Upload>) =>
    setUploads((list) => list.map((u) => (u.key === key ? { ...u, ...change } : u)))

  const start = async (upload: Upload) => {
    const abort = new AbortController()
    aborts.current.set(upload.key, abort)
    const form = new FormData()
    form.set('id', upload.key)
    form.set('file', upload.file)
    if (upload.file.type === 'application/pdf' || upload.file.name.toLowerCase().endsWith('.pdf')) {
      const thumb = await pdfFirstPage(upload.file)
      if (thumb) form.set('thumb', thumb, 'thumb.webp')
    }
    try {
      const stored = await uploadWithProgress<DocumentFile>(
        'api/v1/document-files',
        form,
        (progress) => patch(upload.key, { progress }),
        abort.signal,
      )
      patch(upload.key, { stored, progress: 1 })
    } catch (error) {
      if (abort.signal.aborted) return
      const message =
        validationErrorsOf(error)?.file?.[0] ??
        (isNetworkError(error)
          ? t`The upload stopped: check the connection and add the file again.`
          : undefined) ??
        errorMessageOf(error) ??
        t`This file could not be uploaded.`
      patch(upload.key, { error: message })
    } finally {
      aborts.current.delete(upload.key)
    }
  }

  const addFiles = (files: File[]) => {
    const added = files.map((file) => ({
      key: uuidv7(),
      documentId: uuidv7(),
      file,
      title: stem(file.name),
      progress: 0,
      error: file.size > DOCUMENT_MAX_BYTES ? t`This file is larger than 20 MB.` : undefined,
    }))
    setUploads((list) => [...list, ...added])
    for (const upload of added) if (!upload.error) void start(upload)
  }

  const removeUpload = (key: string) => {
    aborts.current.get(key)?.abort()
    setUploads((list) => list.filter((u) => u.key !== key))
  }

  const bodyOf = (values: Values, fileId: string, title: string) => ({
    file_id: fileId,
    title,
    description: values.description,
    category_id: values.category_id,
    published_on: values.published_on,
    grades: values.mode === 'groups' ? values.grades : [],
    courses: values.mode === 'groups' ? values.courses : [],
    users: values.mode === 'people' ? people.map((p) => p.id) : [],
  })
  const texts = {
    offline: t`You are offline. Documents are published when there is a connection.`,
    failed: t`The document could not be saved. Please try again.`,
  }
  const sharedFields = ['description', 'category_id', 'published_on', 'grades', 'courses']

  const submit = handleSubmit(async (values) => {
    setFormError(undefined)
    if (values.mode === 'people' && people.length === 0) {
      setFormError(t`Choose at least one person, or choose grades and courses.`)
      return
    }
    setPending(true)
    try {
      if (editing) {
        const saved = await api
          .put(`api/v1/documents/${editing.id}`, {
            json: bodyOf(values, editing.file.id, values.title),
            headers: { 'If-Match': `"${editing.updated_at}"` },
          })
          .json<CollegeDocument>()
        await storeDocument(saved)
        toast(t`Document saved.`, 'success')
        onClose()
        return
      }
      const ready = uploads.filter((u) => u.stored && !u.error)
      if (ready.length === 0 || uploads.some((u) => !u.stored && !u.error)) {
        setFormError(
          ready.length ? t`Please wait until every file has finished uploading.` : t`Add at least one file.`,
        )
        return
      }
      let published = 0
      for (const upload of ready) {
        try {
          const saved = await api
            .post('api/v1/documents', {
              json: { id: upload.documentId, ...bodyOf(values, upload.stored!.id, upload.title.trim()) },
            })
            .json<CollegeDocument>()
          await storeDocument(saved)
          published += 1
          setUploads((list) => list.filter((u) => u.key !== upload.key))
        } catch (error) {
          const title = validationErrorsOf(error)?.title?.[0]
          if (title) patch(upload.key, { error: title })
          const message = applyServerErrors(error, setError, sharedFields, texts)
          if (message || !title) {
            setFormError(message)
            break
          }
        }
      }
      if (published)
        toast(plural(published, { one: '# document published.', other: '# documents published.' }), 'success')
      if (published === ready.length) onClose()
    } catch (error) {
      setFormError(applyServerErrors(error, setError, ['title', ...sharedFields], texts))
    } finally {
      setPending(false)
    }
  })

  const folderOptions = [
    { id: 'none', name: t`No folder` },
    ...folders.map((f) => ({ id: String(f.id), name: f.trail.map((c) => c.name).join(' / ') })),
  ]

  return (
    <FormDialog
      title={editing ? t`Edit document` : t`Publish documents`}
      submitLabel={editing ? t`Save` : t`Publish`}
      pending={pending}
      dirty={formState.isDirty || uploads.length > 0}
      error={
        formError ??
        (online ? undefined : t`You are offline. Documents are published when there is a connection.`)
      }
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
      size="lg"
    >
      {editing ? (
        <TextField
          label={t`Title`}
          error={formState.errors.title?.message}
          {...register('title', { required: t`field required.` })}
        />
      ) : (
        <FileDropZone
          label={t`Drop files here`}
          pickLabel={t`Choose files`}
          hint={t`PDF, pictures, Word, Excel, PowerPoint, OpenDocument or plain text, up to 20 MB each.`}
          accept={[]}
          isDisabled={!online}
          onFiles={addFiles}
        >
          {uploads.length > 0 && (
            <ul className="flex flex-col gap-2" aria-label={t`Files`}>
              {uploads.map((upload) => (
                <li
                  key={upload.key}
                  className="flex flex-col gap-2 rounded-xl p-3 ring-1 ring-slate-200 dark:ring-slate-700"
                >
                  <div className="flex items-start gap-2">
                    <TextField
                      className="flex-1"
                      label={t`Title of ${upload.file.name} (${formatSize(upload.file.size)})`}
                      value={upload.title}
                      maxLength={200}
                      onChange={(event) => patch(upload.key, { title: event.target.value })}
                    />
                    <AriaIconButton
                      label={t({ message: `Remove ${upload.file.name}`, context: 'file' })}
                      onPress={() => removeUpload(upload.key)}
                    >
                      <X aria-hidden="true" className="size-5" />
                    </AriaIconButton>
                  </div>
                  {upload.error ? (
                    <p role="alert" className="text-sm text-red-700 dark:text-red-300">
                      {upload.error}
                    </p>
                  ) : (
                    <progress
                      className="h-2 w-full accent-brand"
                      max={1}
                      value={upload.progress}
                      aria-label={
                        upload.stored ? t`${upload.file.name}: uploaded` : t`Uploading ${upload.file.name}`
                      }
                    />
                  )}
                </li>
              ))}
            </ul>
          )}
        </FileDropZone>
      )}
      <TextArea
        label={t`Description (optional)`}
        rows={2}
        error={formState.errors.description?.message}
        {...register('description')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={control}
          name="category_id"
          render={({ field }) => (
            <Select
              label={t`Folder`}
              options={folderOptions}
              value={field.value === null ? 'none' : String(field.value)}
              onChange={(key) => field.onChange(key === 'none' || key === null ? null : Number(key))}
              error={formState.errors.category_id?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="published_on"
          render={({ field }) => (
            <DateField
              label={t`Publication date`}
              value={field.value}
              onChange={field.onChange}
              error={formState.errors.published_on?.message}
            />
          )}
        />
      </div>
      <Controller
        control={control}
        name="mode"
        render={({ field }) => (
          <RadioGroup
            label={t`Who can read it`}
            value={field.value}
            onChange={field.onChange}
            orientation="horizontal"
          >
            <Radio value="groups">{t`The college, grades or courses`}</Radio>
            <Radio value="people">{t`Chosen people (a report card)`}</Radio>
          </RadioGroup>
        )}
      />
      {mode === 'groups' ? (
        <AudienceFields control={control} errors={formState.errors} />
      ) : (
        <PeoplePicker
          chosen={people}
          onChange={setPeople}
          max={200}
          searchUrl={(q) => `api/v1/documents/people?q=${encodeURIComponent(q)}`}
          describe={(p) =>
            (p as PickedPerson & { role_key?: string }).role_key === 'student'
              ? t`Student: the family sees it too`
              : t`Guardian`
          }
          placeholder={t`Type a student's or guardian's name`}
          limitHint={t`Only the people chosen (and a student's guardians) see it.`}
          fullHint={t`That is as many people as one document can name.`}
        />
      )}
      <p className="text-sm text-muted">
        <Trans>Families find it in Documents, on every device, and can keep it to read offline.</Trans>
      </p>
    </FormDialog>
  )
}
