// How a search compares text: lower case and without accents, so "nunez" finds "Núñez" and "alvarez"
// finds "ÁLVAREZ". The databases' `search_key()` gives the same text (SQLite calls this function;
// PostgreSQL's, made by migrations 0017 and 0018, decomposes and drops the same marks, then applies its
// own lower()), so a search finds the same rows in the device's mirror, on SQLite and on PostgreSQL,
// and lists order names by it on both.
const MARKS = /[\u0300-\u036f]/g

export function searchKey(text: string): string {
  return text.normalize('NFD').replace(MARKS, '').toLowerCase()
}

/** Whether `text` holds every word typed, in any order, whatever their case and accents. */
export function holdsWords(text: string, typed: string): boolean {
  const key = searchKey(text)
  return searchKey(typed)
    .split(/\s+/)
    .every((word) => key.includes(word))
}
