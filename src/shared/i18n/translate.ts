// Messages shared by both sides are plain descriptors with explicit ids (marked for `lingui extract`),
// so the server can read them without the Lingui macro compiler. Each side installs its translator:
// the server reads the catalogs per request language, the client uses its active Lingui instance.

export type MessageDescriptor = { id: string; message: string }
export type Values = Record<string, string | number>
type Translator = (descriptor: MessageDescriptor, lang: string | undefined, values?: Values) => string

export function interpolate(text: string, values?: Values): string {
  if (!values) return text
  return text.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole))
}

let translator: Translator = (descriptor, _lang, values) => interpolate(descriptor.message, values)

export function setTranslator(next: Translator): void {
  translator = next
}

export function translate(descriptor: MessageDescriptor, lang?: string, values?: Values): string {
  return translator(descriptor, lang, values)
}

/** A valibot message: translated when the issue is created, in the language passed to `safeParse`. */
export function message(descriptor: MessageDescriptor) {
  return (issue: { lang?: string }) => translate(descriptor, issue.lang)
}
