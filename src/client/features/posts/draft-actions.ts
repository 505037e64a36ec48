// A write the server refused comes back to the editor as a draft; sending it again replaces its body.
import type { PostInput } from '#shared/posts.schema.ts'
import { localDb } from '../../platform/sync/local-db.ts'
import { keepMine, replayOutbox, resendItem, takeTheirs } from '../../platform/sync/outbox.ts'

export async function resendPostDraft(seq: number, body: PostInput): Promise<void> {
  const db = localDb()
  if (!db) return
  await db.transaction('rw', db.tables, async () => {
    await resendItem(db, seq, body)
    await db.posts.update(body.id, {
      title: body.title ?? '',
      content: body.content ?? '',
      category_id: body.category_id ?? null,
      grades: (body.grades ?? []) as never,
      courses: (body.courses ?? []) as never,
      _sync: 'pending',
    })
  })
  void replayOutbox(db)
}

/** After a conflict: the user's own change is applied over the version someone else wrote. */
export async function keepMyPost(seq: number): Promise<void> {
  const db = localDb()
  if (!db) return
  await keepMine(db, seq)
  void replayOutbox(db)
}

/** After a conflict: the user's change is dropped, and the post shows the other version. */
export async function takeTheirPost(seq: number): Promise<void> {
  const db = localDb()
  if (db) await takeTheirs(db, seq)
}
