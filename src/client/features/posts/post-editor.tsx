import { valibotResolver } from '@hookform/resolvers/valibot'
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { useEffect, useId, useMemo, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { v7 as uuidv7 } from 'uuid'
import { messages } from '#shared/i18n/messages.ts'
import { translate } from '#shared/i18n/translate.ts'
import {
  ALL,
  POST_IMAGE_MAX_BYTES,
  POST_IMAGES_MAX,
  type PostInput,
  postInputSchema,
} from '#shared/posts.schema.ts'
import { userAtom } from '../../platform/session.ts'
import type { OutboxItem } from '../../platform/sync/outbox-types.ts'
import { useLocalQuery } from '../../platform/sync/use-local-query.ts'
import { Button } from '../../ui/button.tsx'
import { Field } from '../../ui/field.tsx'
import { FormAlert } from '../../ui/form-alert.tsx'
import { CategorySelect } from './category-select.tsx'
import { resendPostDraft } from './draft-actions.ts'
import { type DraftImage, discardWrite, savePost } from './post-actions.ts'
import { PostPicture } from './post-images.tsx'
import { RichTextEditor } from './rich-text-editor.tsx'
import { TargetPicker } from './target-picker.tsx'

type Values = PostInput & { id: string }

function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return ''
  const date = new Date(iso)
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16)
}

export function PostEditor({ editId, draftSeq }: { editId?: string; draftSeq?: number }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const user = useAtomValue(userAtom)
  const contentLabel = useId()
  const existing = useLocalQuery(
    (db) => (editId ? db.posts.get(editId) : Promise.resolve(undefined)),
    [editId],
  )
  const draft = useLocalQuery(
    (db) => (draftSeq ? db.outbox.get(draftSeq) : Promise.resolve(undefined)),
    [draftSeq],
  ) as OutboxItem | undefined
  const grades = useLocalQuery((db) => db.grades.orderBy('position').toArray(), [], [])
  const courses = useLocalQuery((db) => db.courses.toArray(), [], [])
  const [images, setImages] = useState<DraftImage[]>([])
  const [imageError, setImageError] = useState<string>()
  const [formError, setFormError] = useState<string>()
  const newId = useMemo(() => uuidv7(), [])

  const { control, register, handleSubmit, reset, setError, watch, formState } = useForm<Values>({
    resolver: valibotResolver(postInputSchema) as never,
    defaultValues: {
      id: newId,
      title: '',
      content: '',
      category_id: null,
      grades: [],
      courses: [],
      publish_at: null,
      image_ids: [],
    },
  })

  useEffect(() => {
    const source = (draft?.body as Values | undefined) ?? existing
    if (!source) return
    reset({
      id: source.id,
      title: source.title,
      content: source.content,
      category_id: source.category_id ?? null,
      grades: source.grades ?? [],
      courses: source.courses ?? [],
      publish_at: toLocalInput(source.publish_at),
      image_ids: [],
    })
    if (existing) setImages(existing.images.map((image) => ({ id: image.id, image })))
    for (const [field, list] of Object.entries(draft?.errors ?? {})) {
      setError(field as keyof Values, { type: 'server', message: list[0] })
    }
    if (draft?.message && !draft.errors) setFormError(draft.message)
  }, [draft, existing, reset, setError])

  const chosenGrades = watch('grades') ?? []
  const courseOptions = (courses ?? []).filter(
    (c) => chosenGrades.includes(ALL) || chosenGrades.length === 0 || chosenGrades.includes(c.grade_id),
  )

  const addFiles = (files: FileList | null) => {
    setImageError(undefined)
    const picked: DraftImage[] = []
    for (const file of Array.from(files ?? [])) {
      if (!['image/jpeg', 'image/png', 'image/webp'].includes(file.type))
        setImageError(translate(messages.imageType))
      else if (file.size > POST_IMAGE_MAX_BYTES) setImageError(translate(messages.imageSize))
      else picked.push({ id: uuidv7(), file })
    }
    setImages((list) => [...list, ...picked].slice(0, POST_IMAGES_MAX))
  }

  const submit = handleSubmit(async (values) => {
    if (!user) return
    const body = {
      ...values,
      publish_at: values.publish_at ? new Date(values.publish_at).toISOString() : null,
      image_ids: images.map((i) => i.id),
    }
    try {
      if (draft?.seq) await resendPostDraft(draft.seq, body)
      else await savePost(body, images, user, existing)
      await navigate({ to: '/blog/post/$', params: { _splat: values.id } })
    } catch (error) {
      setFormError(error instanceof Error ? error.message : String(error))
    }
  })

  const discard = async () => {
    if (!draft?.seq || !window.confirm(t`Discard this post? What you wrote will be lost.`)) return
    await discardWrite(draft.seq)
    await navigate({ to: '/blog/articles' })
  }

  const e = formState.errors
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-5">
      {draft && (
        <p role="alert" className="rounded-lg bg-red-100 p-3 text-red-900">
          <Trans>
            The server could not publish this post. Fix what is marked and send it again, or discard it.
          </Trans>
        </p>
      )}
      <FormAlert>{formError}</FormAlert>
      <Field label={t`Title`} error={e.title?.message} {...register('title')} />
      <Controller
        control={control}
        name="category_id"
        render={({ field }) => (
          <CategorySelect
            value={field.value ?? null}
            onChange={field.onChange}
            error={e.category_id?.message}
          />
        )}
      />
      <div className="flex flex-col gap-1">
        <span id={contentLabel} className="text-sm font-medium">
          <Trans>Content</Trans>
        </span>
        <Controller
          control={control}
          name="content"
          render={({ field }) => (
            <RichTextEditor
              value={field.value ?? ''}
              onChange={field.onChange}
              invalid={Boolean(e.content)}
              labelledBy={contentLabel}
            />
          )}
        />
        {e.content && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {e.content.message}
          </p>
        )}
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <Controller
          control={control}
          name="grades"
          render={({ field }) => (
            <TargetPicker
              legend={t`Grades`}
              allLabel={t`All grades`}
              options={grades ?? []}
              value={field.value ?? []}
              onChange={field.onChange}
              error={e.grades?.message}
            />
          )}
        />
        <Controller
          control={control}
          name="courses"
          render={({ field }) => (
            <TargetPicker
              legend={t`Courses`}
              allLabel={t`All courses`}
              options={courseOptions}
              value={field.value ?? []}
              onChange={field.onChange}
              error={e.courses?.message}
            />
          )}
        />
      </div>
      <Field
        label={t`Publication date`}
        type="datetime-local"
        hint={t`Leave empty to publish now; a future date schedules the post.`}
        error={e.publish_at?.message}
        {...register('publish_at')}
      />
      <fieldset className="flex flex-col gap-2">
        <legend className="text-sm font-medium">
          <Trans>Gallery</Trans>
        </legend>
        <div className="grid grid-cols-3 gap-2 sm:grid-cols-5">
          {images.map((image, index) => (
            <div key={image.id} className="relative">
              {image.image ? (
                <PostPicture
                  image={image.image}
                  thumb
                  alt={t`Picture ${index + 1}`}
                  className="aspect-square w-full rounded object-cover"
                />
              ) : (
                <LocalFilePreview file={image.file!} alt={t`Picture ${index + 1}`} />
              )}
              <button
                type="button"
                onClick={() => setImages((list) => list.filter((i) => i.id !== image.id))}
                className="absolute end-1 top-1 rounded bg-white/90 px-2 text-sm text-slate-900"
                aria-label={t`Remove picture ${index + 1}`}
              >
                ×
              </button>
            </div>
          ))}
        </div>
        <label className="self-start">
          <span className="sr-only">{t`Add pictures`}</span>
          <input
            type="file"
            accept="image/jpeg,image/png,image/webp"
            multiple
            onChange={(ev) => addFiles(ev.target.files)}
            aria-label={t`Add pictures`}
          />
        </label>
        {(imageError || e.image_ids) && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {imageError ?? e.image_ids?.message}
          </p>
        )}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" busy={formState.isSubmitting}>
          {draft ? <Trans>Send again</Trans> : <Trans>Publish</Trans>}
        </Button>
        {draft && (
          <Button variant="danger" onClick={() => void discard()}>
            <Trans>Discard</Trans>
          </Button>
        )}
      </div>
    </form>
  )
}

function LocalFilePreview({ file, alt }: { file: File; alt: string }) {
  const [url, setUrl] = useState<string>()
  useEffect(() => {
    const objectUrl = URL.createObjectURL(file)
    setUrl(objectUrl)
    return () => URL.revokeObjectURL(objectUrl)
  }, [file])
  return url ? <img src={url} alt={alt} className="aspect-square w-full rounded object-cover" /> : null
}
