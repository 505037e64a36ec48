import { valibotResolver } from '@hookform/resolvers/valibot'
import { Trans, useLingui } from '@lingui/react/macro'
import { useNavigate } from '@tanstack/react-router'
import { useAtomValue } from 'jotai'
import { X } from 'lucide-react'
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { Controller, useForm } from 'react-hook-form'
import { v7 as uuidv7 } from 'uuid'
import { messages } from '#shared/i18n/messages.ts'
import { translate } from '#shared/i18n/translate.ts'
import {
  POST_IMAGE_MAX_BYTES,
  POST_IMAGES_MAX,
  type PostInput,
  postInputSchema,
} from '#shared/posts.schema.ts'
import { AudienceFields } from '../../platform/audience-fields.tsx'
import { clearingFirst } from '../../platform/form-errors.ts'
import { userAtom } from '../../platform/session.ts'
import type { OutboxItem } from '../../platform/sync/outbox-types.ts'
import { useLocalQuery } from '../../platform/sync/use-local-query.ts'
import { AriaButton, AriaIconButton } from '../../ui/aria-button.tsx'
import { useConfirm } from '../../ui/confirm-dialog.tsx'
import { DateTimeField } from '../../ui/date-field.tsx'
import { FileDropZone } from '../../ui/file-drop-zone.tsx'
import { FormAlert } from '../../ui/form-alert.tsx'
import { LeaveGuard } from '../../ui/leave-guard.tsx'
import { RichTextEditor } from '../../ui/rich-text-editor.tsx'
import { TextField } from '../../ui/text-field.tsx'
import { CategorySelect } from './category-select.tsx'
import { resendPostDraft } from './draft-actions.ts'
import { type DraftImage, discardWrite, savePost } from './post-actions.ts'
import { PostPicture } from './post-images.tsx'

type Values = PostInput & { id: string }

const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp']

export function PostEditor({ editId, draftSeq }: { editId?: string; draftSeq?: number }) {
  const { t } = useLingui()
  const navigate = useNavigate()
  const user = useAtomValue(userAtom)
  const contentLabel = useId()
  const { confirm, dialog } = useConfirm()
  const saved = useRef(false)
  const existing = useLocalQuery(
    (db) => (editId ? db.posts.get(editId) : Promise.resolve(undefined)),
    [editId],
  )
  const draft = useLocalQuery(
    (db) => (draftSeq ? db.outbox.get(draftSeq) : Promise.resolve(undefined)),
    [draftSeq],
  ) as OutboxItem | undefined
  const [images, setImages] = useState<DraftImage[]>([])
  const [imageError, setImageError] = useState<string>()
  const [formError, setFormError] = useState<string>()
  const newId = useMemo(() => uuidv7(), [])

  const { control, register, handleSubmit, reset, setError, formState } = useForm<Values>({
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
      publish_at: source.publish_at ?? null,
      image_ids: [],
    })
    if (existing) setImages(existing.images.map((image) => ({ id: image.id, image })))
    for (const [field, list] of Object.entries(draft?.errors ?? {})) {
      setError(field as keyof Values, { type: 'server', message: list[0] })
    }
    if (draft?.message && !draft.errors) setFormError(draft.message)
  }, [draft, existing, reset, setError])

  const addFiles = (files: File[]) => {
    setImageError(undefined)
    const picked: DraftImage[] = []
    for (const file of files) {
      if (!IMAGE_TYPES.includes(file.type)) setImageError(translate(messages.imageType))
      else if (file.size > POST_IMAGE_MAX_BYTES) setImageError(translate(messages.imageSize))
      else picked.push({ id: uuidv7(), file })
    }
    setImages((list) => [...list, ...picked].slice(0, POST_IMAGES_MAX))
  }

  const submit = handleSubmit(async (values) => {
    if (!user) return
    const body = {
      ...values,
      publish_at: values.publish_at || null,
      image_ids: images.map((i) => i.id),
    }
    try {
      if (draft?.seq) await resendPostDraft(draft.seq, body)
      else await savePost(body, images, user, existing)
      saved.current = true
      await navigate({ to: '/blog/post/$', params: { _splat: values.id } })
    } catch (error) {
      setFormError(error instanceof Error ? error.message : String(error))
    }
  })

  const discard = async () => {
    if (!draft?.seq) return
    const ok = await confirm({
      title: t`Discard this post?`,
      body: t`What you wrote will be lost.`,
      confirmLabel: t`Discard`,
      destructive: true,
    })
    if (!ok) return
    saved.current = true
    await discardWrite(draft.seq)
    await navigate({ to: '/blog/articles' })
  }

  const e = formState.errors
  const picturesChanged = images.some((i) => i.file)
  return (
    <form
      onSubmit={clearingFirst(() => setFormError(undefined), submit)}
      noValidate
      className="flex flex-col gap-6"
    >
      <LeaveGuard when={() => !saved.current && (formState.isDirty || picturesChanged)} />
      {draft && draft.state !== 'conflict' && (
        <FormAlert>
          <Trans>
            The server could not publish this post. Fix what is marked and send it again, or discard it.
          </Trans>
        </FormAlert>
      )}
      {draft?.state === 'conflict' && (
        <FormAlert tone="warning">
          <Trans>
            Someone else changed this post while your change was waiting. Their version is shown below; what
            you send now replaces it.
          </Trans>
        </FormAlert>
      )}
      {draft?.state === 'conflict' && draft.current && (
        <details className="card p-4" open>
          <summary className="cursor-pointer font-semibold">
            <Trans>Their version, now on the server</Trans>
          </summary>
          <p dir="auto" className="mt-3 text-lg font-semibold">
            {String(draft.current.title ?? '')}
          </p>
          <div
            dir="auto"
            className="rich-text mt-2"
            // Theirs comes from the server, which sanitised it.
            dangerouslySetInnerHTML={{ __html: String(draft.current.content ?? '') }}
          />
        </details>
      )}
      <FormAlert>{formError}</FormAlert>
      <div className="card flex flex-col gap-5 p-5 sm:p-6">
        <TextField label={t`Title`} error={e.title?.message} {...register('title')} />
        <div className="flex flex-col gap-1.5">
          <span id={contentLabel} className="text-sm font-medium text-slate-800 dark:text-slate-200">
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
            <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
              {e.content.message}
            </p>
          )}
        </div>
      </div>
      <div className="card flex flex-col gap-5 p-5 sm:p-6">
        <h2 className="text-lg font-semibold">
          <Trans>Who it is for, and when</Trans>
        </h2>
        <AudienceFields control={control} errors={e} />
        <div className="grid gap-5 sm:grid-cols-2">
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
          <Controller
            control={control}
            name="publish_at"
            render={({ field }) => (
              <DateTimeField
                label={t`Publication date`}
                value={field.value ?? null}
                onChange={field.onChange}
                hint={t`Leave empty to publish now; a future date schedules the post.`}
                error={e.publish_at?.message}
              />
            )}
          />
        </div>
      </div>
      <section className="card flex flex-col gap-4 p-5 sm:p-6" aria-labelledby="gallery-heading">
        <h2 id="gallery-heading" className="text-lg font-semibold">
          <Trans>Gallery</Trans>
        </h2>
        <FileDropZone
          label={t`Drop pictures here`}
          pickLabel={t`Add pictures`}
          hint={t`JPEG, PNG or WebP, up to 10 MB each. They are sent with the post, even later if you are offline.`}
          accept={IMAGE_TYPES}
          onFiles={addFiles}
        >
          {images.length > 0 && (
            <ul className="grid grid-cols-3 gap-2 sm:grid-cols-5">
              {images.map((image, index) => (
                <li key={image.id} className="relative">
                  {image.image ? (
                    <PostPicture
                      image={image.image}
                      thumb
                      alt={t`Picture ${index + 1}`}
                      className="aspect-square w-full rounded-xl object-cover"
                    />
                  ) : (
                    <LocalFilePreview file={image.file!} alt={t`Picture ${index + 1}`} />
                  )}
                  <AriaIconButton
                    label={t`Remove picture ${index + 1}`}
                    size="sm"
                    variant="secondary"
                    className="absolute end-1 top-1 shadow"
                    onPress={() => setImages((list) => list.filter((i) => i.id !== image.id))}
                  >
                    <X aria-hidden="true" className="size-4" />
                  </AriaIconButton>
                </li>
              ))}
            </ul>
          )}
          {(imageError || e.image_ids) && (
            <p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
              {imageError ?? e.image_ids?.message}
            </p>
          )}
        </FileDropZone>
      </section>
      <div className="flex flex-wrap gap-2">
        <AriaButton type="submit" isPending={formState.isSubmitting}>
          {draft ? <Trans>Send again</Trans> : <Trans>Publish</Trans>}
        </AriaButton>
        {draft && (
          <AriaButton variant="danger" onPress={() => void discard()}>
            <Trans>Discard</Trans>
          </AriaButton>
        )}
      </div>
      {dialog}
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
  return url ? <img src={url} alt={alt} className="aspect-square w-full rounded-xl object-cover" /> : null
}
