/** "Guías de estudio" -> "guias-de-estudio": a name as a piece of an address. */
export function slugify(name: string, fallback = 'category'): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .slice(0, 60) || fallback
  )
}
