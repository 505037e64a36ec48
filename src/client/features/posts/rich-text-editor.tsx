// The post body editor (tiptap): headings, lists, links and pictures by address. Loaded only on the
// editor's routes, so readers never download it.
import { useLingui } from '@lingui/react/macro'
import Image from '@tiptap/extension-image'
import { EditorContent, useEditor } from '@tiptap/react'
import StarterKit from '@tiptap/starter-kit'
import { useEffect } from 'react'

type Props = {
  value: string
  onChange: (html: string) => void
  invalid?: boolean
  labelledBy: string
  describedBy?: string
}

export function RichTextEditor({ value, onChange, invalid, labelledBy, describedBy }: Props) {
  const { t } = useLingui()
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
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(invalid ? { 'aria-invalid': 'true' } : {}),
        class:
          'min-h-48 px-3 py-2 focus:outline-none [&_h2]:text-xl [&_h2]:font-semibold [&_h3]:font-semibold [&_ul]:list-disc [&_ol]:list-decimal [&_ul]:ps-6 [&_ol]:ps-6 [&_a]:text-brand [&_a]:underline',
      },
    },
    onUpdate: ({ editor: e }) => onChange(e.isEmpty ? '' : e.getHTML()),
  })
  useEffect(() => {
    if (editor && value !== editor.getHTML() && !(value === '' && editor.isEmpty))
      editor.commands.setContent(value)
  }, [editor, value])
  if (!editor) return null
  const tool = (label: string, active: boolean, run: () => void) => (
    <button
      type="button"
      aria-pressed={active}
      onClick={run}
      className="min-h-9 rounded px-2 text-sm aria-pressed:bg-brand aria-pressed:text-white hover:bg-slate-200 dark:hover:bg-slate-700"
    >
      {label}
    </button>
  )
  const chain = () => editor.chain().focus()
  return (
    <div
      className={`rounded-lg border bg-white dark:bg-slate-900 ${invalid ? 'border-red-600' : 'border-slate-300 dark:border-slate-600'}`}
    >
      <div
        role="toolbar"
        aria-label={t`Formatting`}
        className="flex flex-wrap gap-1 border-b border-slate-200 p-1 dark:border-slate-700"
      >
        {tool(t`Heading`, editor.isActive('heading', { level: 2 }), () =>
          chain().toggleHeading({ level: 2 }).run(),
        )}
        {tool(t`Subheading`, editor.isActive('heading', { level: 3 }), () =>
          chain().toggleHeading({ level: 3 }).run(),
        )}
        {tool(t`Bold`, editor.isActive('bold'), () => chain().toggleBold().run())}
        {tool(t`Italic`, editor.isActive('italic'), () => chain().toggleItalic().run())}
        {tool(t`List`, editor.isActive('bulletList'), () => chain().toggleBulletList().run())}
        {tool(t`Numbered list`, editor.isActive('orderedList'), () => chain().toggleOrderedList().run())}
        {tool(t`Link`, editor.isActive('link'), () => {
          const href = window.prompt(t`Address of the link`, editor.getAttributes('link').href ?? 'https://')
          if (href === null) return
          if (href === '') chain().unsetLink().run()
          else chain().extendMarkRange('link').setLink({ href }).run()
        })}
        {tool(t`Picture`, false, () => {
          const src = window.prompt(t`Address of the picture (https://…)`)
          if (src) chain().setImage({ src }).run()
        })}
      </div>
      <EditorContent editor={editor} />
    </div>
  )
}
