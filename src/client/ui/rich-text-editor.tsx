// The rich text editor (tiptap) of posts and the college history: headings, lists, quotes, links
// and pictures by address. Loaded only on the routes that edit, so readers never download it.
import { useLingui } from '@lingui/react/macro'
import Image from '@tiptap/extension-image'
import { EditorContent, useEditor, useEditorState } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import {
  Bold,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link2,
  List,
  ListOrdered,
  type LucideIcon,
  Quote,
} from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { ToggleButton, Toolbar } from 'react-aria-components'
import { AddressDialog, type AddressKind } from './address-dialog.tsx'
import { Tooltip } from './tooltip.tsx'

type Props = {
  value: string
  onChange: (html: string) => void
  invalid?: boolean
  labelledBy: string
  describedBy?: string
}

function Tool({
  label,
  icon: Icon,
  active,
  run,
}: {
  label: string
  icon: LucideIcon
  active: boolean
  run: () => void
}) {
  return (
    <Tooltip text={label}>
      <ToggleButton
        aria-label={label}
        isSelected={active}
        onChange={run}
        // The editor keeps the focus: a click on a tool must never swallow the next keystrokes.
        preventFocusOnPress
        className="flex size-10 items-center justify-center rounded-lg text-slate-700 outline-none data-[focus-visible]:outline-3 data-[focus-visible]:outline-brand-ink data-[hovered]:bg-slate-100 data-[selected]:bg-brand-soft data-[selected]:text-brand-ink dark:text-slate-200 dark:data-[hovered]:bg-slate-800"
      >
        <Icon aria-hidden="true" className="size-5" />
      </ToggleButton>
    </Tooltip>
  )
}

export function RichTextEditor({ value, onChange, invalid, labelledBy, describedBy }: Props) {
  const { t } = useLingui()
  const [asking, setAsking] = useState<AddressKind>()
  // The last HTML this editor reported: a value equal to it is our own echo, not new content.
  const emitted = useRef(value)
  const editor = useEditor({
    extensions: [
      StarterKit.configure({ heading: { levels: [2, 3] }, link: { openOnClick: false, autolink: true } }),
      Image,
    ],
    content: value,
    immediatelyRender: true,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        dir: 'auto',
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        class: 'rich-text min-h-56 px-4 py-3 focus:outline-none',
      },
    },
    onUpdate: ({ editor: e }) => {
      emitted.current = e.isEmpty ? '' : e.getHTML()
      onChange(emitted.current)
    },
  })
  // Only content from outside (a draft loaded, the form reset) replaces what is in the editor.
  useEffect(() => {
    if (!editor || value === emitted.current) return
    emitted.current = value
    editor.commands.setContent(value, { emitUpdate: false })
  }, [editor, value])
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      h2: e?.isActive('heading', { level: 2 }) ?? false,
      h3: e?.isActive('heading', { level: 3 }) ?? false,
      bold: e?.isActive('bold') ?? false,
      italic: e?.isActive('italic') ?? false,
      bullet: e?.isActive('bulletList') ?? false,
      ordered: e?.isActive('orderedList') ?? false,
      quote: e?.isActive('blockquote') ?? false,
      link: e?.isActive('link') ?? false,
    }),
  })
  if (!editor || !state) return null
  const chain = () => editor.chain().focus()
  return (
    <div
      className={`overflow-hidden rounded-xl border bg-white dark:bg-slate-900 ${invalid ? 'border-red-600' : 'border-slate-300 dark:border-slate-600'}`}
    >
      <Toolbar
        aria-label={t`Formatting`}
        className="flex flex-wrap gap-0.5 border-b border-slate-200 bg-slate-50 p-1 dark:border-slate-700 dark:bg-slate-800/60"
      >
        <Tool
          label={t`Heading`}
          icon={Heading2}
          active={state.h2}
          run={() => chain().toggleHeading({ level: 2 }).run()}
        />
        <Tool
          label={t`Subheading`}
          icon={Heading3}
          active={state.h3}
          run={() => chain().toggleHeading({ level: 3 }).run()}
        />
        <Tool label={t`Bold`} icon={Bold} active={state.bold} run={() => chain().toggleBold().run()} />
        <Tool
          label={t`Italic`}
          icon={Italic}
          active={state.italic}
          run={() => chain().toggleItalic().run()}
        />
        <Tool
          label={t`List`}
          icon={List}
          active={state.bullet}
          run={() => chain().toggleBulletList().run()}
        />
        <Tool
          label={t`Numbered list`}
          icon={ListOrdered}
          active={state.ordered}
          run={() => chain().toggleOrderedList().run()}
        />
        <Tool
          label={t`Quote`}
          icon={Quote}
          active={state.quote}
          run={() => chain().toggleBlockquote().run()}
        />
        <Tool label={t`Link`} icon={Link2} active={state.link} run={() => setAsking('link')} />
        <Tool label={t`Picture`} icon={ImagePlus} active={false} run={() => setAsking('picture')} />
      </Toolbar>
      <EditorContent editor={editor} />
      {asking && (
        <AddressDialog
          kind={asking}
          initial={asking === 'link' ? (editor.getAttributes('link').href as string | undefined) : undefined}
          onClose={() => setAsking(undefined)}
          onRemove={() => chain().extendMarkRange('link').unsetLink().run()}
          onApply={(address) => {
            if (asking === 'link') chain().extendMarkRange('link').setLink({ href: address }).run()
            else chain().setImage({ src: address }).run()
          }}
        />
      )}
    </div>
  )
}
