// What staff do to events. Every write lands in the mirror at once and waits in the outbox; the
// engine sends it when it can (as for posts).
import { v7 as uuidv7 } from 'uuid'
import type { User } from '#shared/api-types.ts'
import type { CalendarEvent, EventInput } from '#shared/events.schema.ts'
import { type LocalEvent, requireLocalDb } from '../../platform/sync/local-db.ts'
import { discardItem, enqueue, replayOutbox, resendItem } from '../../platform/sync/outbox.ts'
import { recordKey } from '../../platform/sync/outbox-types.ts'

/** The server version a change starts from (If-Match); null for an event made here, not sent yet. */
function baseVersion(event: LocalEvent): string | null {
  if (event._base !== undefined) return event._base
  return event._sync ? null : event.updated_at
}

function localRow(
  input: EventInput & { id: string },
  existing: LocalEvent | undefined,
  author: string,
  authorId: number,
) {
  const now = new Date().toISOString()
  return {
    id: input.id,
    name: input.name ?? '',
    description: input.description ?? '',
    location: input.location ?? '',
    all_day: input.all_day ?? false,
    starts_at: input.starts_at ?? '',
    ends_at: input.ends_at ?? '',
    category_id: input.category_id ?? null,
    grades: (input.grades ?? []) as CalendarEvent['grades'],
    courses: (input.courses ?? []) as CalendarEvent['courses'],
    author: existing?.author ?? { id: authorId, name: author },
    created_at: existing?.created_at ?? now,
    updated_at: now,
  } satisfies CalendarEvent
}

export async function saveEvent(
  input: EventInput & { id?: string },
  author: Pick<User, 'id' | 'name' | 'first_lastname'>,
  existing?: LocalEvent,
): Promise<string> {
  const db = requireLocalDb()
  const id = input.id ?? uuidv7()
  const base = existing ? baseVersion(existing) : null
  const body = { ...input, id }
  await db.transaction('rw', db.tables, async () => {
    const name = `${author.name} ${author.first_lastname}`.trim()
    await db.events.put({ ...localRow(body, existing, name, author.id), _sync: 'pending', _base: base })
    await enqueue(db, {
      kind: existing ? 'event.update' : 'event.create',
      method: existing ? 'PUT' : 'POST',
      url: existing ? `/api/v1/events/${id}` : '/api/v1/events',
      body,
      record: recordKey('events', id),
      ifMatch: base ?? undefined,
    })
  })
  void replayOutbox(db)
  return id
}

export async function deleteEvent(id: string): Promise<void> {
  const db = requireLocalDb()
  await db.transaction('rw', db.tables, async () => {
    const event = await db.events.get(id)
    const base = event ? baseVersion(event) : null
    // Kept until the server agrees (the calendar hides it meanwhile), so "Discard" can bring it back.
    await db.events.update(id, { _sync: 'pending', _base: base })
    await enqueue(db, {
      kind: 'event.delete',
      method: 'DELETE',
      url: `/api/v1/events/${id}`,
      record: recordKey('events', id),
      ifMatch: base ?? undefined,
    })
  })
  void replayOutbox(db)
}

/** A refused write, fixed in the form, is sent again with its new body. */
export async function resendEventDraft(seq: number, body: EventInput & { id: string }): Promise<void> {
  const db = requireLocalDb()
  await db.transaction('rw', db.tables, async () => {
    const existing = await db.events.get(body.id)
    await resendItem(db, seq, body)
    await db.events.put({
      ...localRow(body, existing, existing?.author.name ?? '', existing?.author.id ?? 0),
      _sync: 'pending',
      _base: existing?._base,
    })
  })
  void replayOutbox(db)
}

export async function discardEventWrite(seq: number): Promise<void> {
  const db = requireLocalDb()
  await discardItem(db, seq)
}
