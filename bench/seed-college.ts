// Benchmark data: the demo seed, then Colegio Demo grown to a large college with batched inserts.
// Run as a child process before the server starts: `node bench/seed-college.ts '<json sizes>'`,
// with DATA_DIR (SQLite) or DATABASE_URL (PostgreSQL) set as for the server. Prints one JSON line.
import { join } from 'node:path'
import { type Insertable, type Kysely, sql } from 'kysely'
import { v7 as uuidv7 } from 'uuid'
import { loadConfig } from '#server/config.ts'
import { openDatabase } from '#server/db/connection.ts'
import { migrateToLatest } from '#server/db/migrate.ts'
import { ensureReferenceData } from '#server/db/reference-data.ts'
import type {
  Database,
  EventsTable,
  EventTargetsTable,
  NotificationsTable,
  PostsTable,
  PostTargetsTable,
} from '#server/db/schema.ts'
import { seedDemo } from '#server/db/seed.ts'
import { localStorage } from '#server/platform/storage.ts'
import { takeVersions } from '#server/platform/sync-versions.ts'
import { type ActivitySizes, seedActivity } from './seed-activity.ts'

export type SeedSizes = {
  /** Users of the college in total, the demo's six included. */
  users: number
  posts: number
  notifications: number
  /** Of the notifications, how many are addressed to guardian@demo.test. */
  guardianNotifications: number
  /** Calendar events for the whole college: `feedEvents` of them from a month ago on, the rest years before. */
  events: number
  feedEvents: number
  /** A year of what the statistics dashboard counts. */
  activity: ActivitySizes
}

export type SeedReport = SeedSizes & {
  collegeId: number
  guardianId: number
  seconds: number
  /** Rows of the year's activity, by kind. */
  activityRows: Record<string, number>
}

/** Small deterministic generator, so every run seeds the same college. */
function random(seed: number) {
  let a = seed
  return () => {
    a = (a + 0x6d2b79f5) | 0
    let t = Math.imul(a ^ (a >>> 15), 1 | a)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const WORDS =
  'reunión apoderados curso salida pedagógica museo calendario evaluación matemática lenguaje historia ciencias deporte acto cívico vacaciones horario almuerzo biblioteca taller música arte inglés tecnología feria científica campeonato uniforme autorización comunicado dirección convivencia escolar semana aniversario'.split(
    ' ',
  )

function sentence(rnd: () => number, words: number): string {
  const out: string[] = []
  for (let i = 0; i < words; i++) out.push(WORDS[Math.floor(rnd() * WORDS.length)]!)
  const text = out.join(' ')
  return text.charAt(0).toUpperCase() + text.slice(1)
}

/** Inserts in batches that stay under both databases' bound-parameter limits. */
async function insertBatched<T extends keyof Database>(
  trx: Kysely<Database>,
  table: T,
  rows: Insertable<Database[T]>[],
  columns: number,
) {
  const size = Math.max(1, Math.floor(30_000 / columns))
  for (let i = 0; i < rows.length; i += size) {
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + size) as any)
      .execute()
  }
}

async function seedBenchCollege(db: Kysely<Database>, sizes: SeedSizes) {
  const college = await db
    .selectFrom('colleges')
    .select('id')
    .where('slug', '=', 'demo')
    .executeTakeFirstOrThrow()
  const collegeId = college.id
  const rnd = random(42)
  const now = Date.now()
  const iso = (ms: number) => new Date(ms).toISOString()
  const users = await db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.role_id')
    .select(['users.id', 'users.email', 'users.password_hash', 'roles.key'])
    .where('users.college_id', '=', collegeId)
    .execute()
  const byEmail = new Map(users.map((u) => [u.email, u]))
  const guardian = byEmail.get('guardian@demo.test')!
  const student = byEmail.get('student@demo.test')!
  const roles = new Map(
    (await db.selectFrom('roles').select(['id', 'key']).where('college_id', '=', collegeId).execute()).map(
      (r) => [r.key, r.id],
    ),
  )

  let activityRows: Record<string, number> = {}
  await db.transaction().execute(async (trx) => {
    // More grades and courses, as a real school has: 12 grades of two courses beside the demo's three.
    const gradeNames = ['3° Básico', '4° Básico', '5° Básico', '6° Básico', '7° Básico', '8° Básico']
    gradeNames.push('I Medio', 'II Medio', 'III Medio', 'IV Medio')
    let version = await takeVersions(trx, collegeId, gradeNames.length * 3)
    for (const [i, name] of gradeNames.entries()) {
      const grade = await trx
        .insertInto('grades')
        .values({ college_id: collegeId, name, position: 10 + i, version: version++ })
        .returning('id')
        .executeTakeFirstOrThrow()
      await trx
        .insertInto('courses')
        .values(
          ['A', 'B'].map((letter) => ({
            college_id: collegeId,
            grade_id: grade.id,
            name: `${name} ${letter}`,
            version: version++,
          })),
        )
        .execute()
    }
    const courses = await trx
      .selectFrom('courses')
      .select(['id', 'grade_id', 'name'])
      .where('college_id', '=', collegeId)
      .execute()
    const home = courses.find((c) => c.name === '1° Básico A')!
    const otherCourses = courses.filter((c) => c.id !== home.id)
    const otherGrades = [...new Set(otherCourses.map((c) => c.grade_id))].filter((g) => g !== home.grade_id)

    // Users: families mostly, some staff; every new student in a course, every new guardian of one student.
    const extra = Math.max(0, sizes.users - users.length)
    const stamp = iso(now)
    const newUsers = Array.from({ length: extra }, (_, i) => {
      const role = i % 20 === 0 ? 'staff' : i % 2 === 0 ? 'student' : 'guardian'
      return {
        college_id: collegeId,
        role_id: roles.get(role)!,
        name: `Usuario${i}`,
        first_lastname: role,
        second_lastname: '',
        email: `bench-${String(i).padStart(5, '0')}@demo.test`,
        rut: '',
        phone: '',
        birthdate: '',
        avatar: null,
        password_hash: guardian.password_hash,
        locale: null,
        created_at: stamp,
        updated_at: stamp,
      }
    })
    await insertBatched(trx, 'users', newUsers, 14)
    const created = await trx
      .selectFrom('users')
      .innerJoin('roles', 'roles.id', 'users.role_id')
      .select(['users.id', 'roles.key'])
      .where('users.college_id', '=', collegeId)
      .where('users.email', 'like', 'bench-%')
      .orderBy('users.id')
      .execute()
    const students = created.filter((u) => u.key === 'student')
    const guardians = created.filter((u) => u.key === 'guardian')
    const staff = [
      ...created.filter((u) => u.key === 'staff').map((u) => u.id),
      byEmail.get('staff@demo.test')!.id,
    ]
    await insertBatched(
      trx,
      'enrollments',
      students.map((s, i) => ({
        college_id: collegeId,
        student_id: s.id,
        course_id: courses[i % courses.length]!.id,
      })),
      3,
    )
    await insertBatched(
      trx,
      'guardianships',
      guardians
        .map((g, i) => ({ college_id: collegeId, guardian_id: g.id, student_id: students[i]?.id ?? -1 }))
        .filter((g) => g.student_id > 0),
      3,
    )
    const category = await trx
      .selectFrom('post_categories')
      .select('id')
      .where('college_id', '=', collegeId)
      .executeTakeFirstOrThrow()

    // Posts over the last three years, oldest first so change numbers follow publication. The audience
    // is realistic for guardian@demo.test: most posts go to the whole college or to the student's
    // course or grade, some to other courses and grades (which the guardian never sees).
    const posts: Insertable<PostsTable>[] = []
    const targets: Insertable<PostTargetsTable>[] = []
    const notifications: Insertable<NotificationsTable>[] = []
    const first = await takeVersions(trx, collegeId, sizes.posts + sizes.notifications)
    const span = 3 * 365 * 24 * 3600_000
    const everyone = [...byEmail.values()].map((u) => u.id).concat(created.map((u) => u.id))
    const others = everyone.filter((id) => id !== guardian.id)
    for (let i = 0; i < sizes.posts; i++) {
      const at = iso(now - span + Math.floor(((i + rnd()) / sizes.posts) * span) - 3600_000)
      const id = uuidv7({ msecs: Date.parse(at) })
      const paragraphs = 1 + Math.floor(rnd() * 4)
      const content = Array.from(
        { length: paragraphs },
        () => `<p>${sentence(rnd, 20 + Math.floor(rnd() * 30))}.</p>`,
      ).join('')
      posts.push({
        id,
        college_id: collegeId,
        author_id: staff[i % staff.length]!,
        category_id: category.id,
        title: sentence(rnd, 4 + Math.floor(rnd() * 5)),
        content,
        publish_at: at,
        announced: 1,
        version: first + i,
        deleted_at: null,
        created_at: at,
        updated_at: at,
      })
      const pick = rnd()
      const target =
        pick < 0.7
          ? { grade_id: null, course_id: null }
          : pick < 0.85
            ? { grade_id: home.grade_id, course_id: home.id }
            : pick < 0.92
              ? { grade_id: home.grade_id, course_id: null }
              : pick < 0.96
                ? (() => {
                    const c = otherCourses[Math.floor(rnd() * otherCourses.length)]!
                    return { grade_id: c.grade_id, course_id: c.id }
                  })()
                : { grade_id: otherGrades[Math.floor(rnd() * otherGrades.length)]!, course_id: null }
      targets.push({ college_id: collegeId, post_id: id, ...target })
    }
    const every = Math.max(1, Math.floor(sizes.notifications / Math.max(1, sizes.guardianNotifications)))
    let forGuardian = 0
    for (let i = 0; i < sizes.notifications; i++) {
      const at = iso(now - span + Math.floor(((i + rnd()) / sizes.notifications) * span))
      const mine = i % every === 0 && forGuardian < sizes.guardianNotifications
      if (mine) forGuardian++
      const userId = mine ? guardian.id : others[Math.floor(rnd() * others.length)]!
      notifications.push({
        id: uuidv7({ msecs: Date.parse(at) }),
        college_id: collegeId,
        user_id: userId,
        title: sentence(rnd, 5),
        content: sentence(rnd, 25),
        scope: 'college',
        emergency: rnd() < 0.02 ? 1 : 0,
        read_at: rnd() < 0.5 ? at : null,
        created_at: at,
        version: first + sizes.posts + i,
      })
    }
    await insertBatched(trx, 'posts', posts, 12)
    await insertBatched(trx, 'post_targets', targets, 4)
    await insertBatched(trx, 'notifications', notifications, 10)
    await seedEvents(trx, collegeId, staff, sizes, rnd)
    activityRows = await seedActivity(trx, collegeId, sizes.activity, rnd, (table, rows, columns) =>
      insertBatched(trx, table, rows, columns),
    )
    // The demo's posts, dated minutes before the seed, are the newest news: written last, as news is,
    // after the years of history added here (a first sync brings the newest changes first).
    const news = await trx
      .selectFrom('posts')
      .select('id')
      .where('college_id', '=', collegeId)
      .where('version', '<', first)
      .orderBy('publish_at')
      .execute()
    let newsVersion = await takeVersions(trx, collegeId, news.length)
    for (const post of news)
      await trx.updateTable('posts').set({ version: newsVersion++ }).where('id', '=', post.id).execute()
  })
  return { collegeId, guardianId: guardian.id, studentId: student.id, activityRows }
}

/**
 * The calendar: `feedEvents` events from 30 days ago to 150 days ahead (what a calendar feed holds, and
 * this month's grid), the others two and a half years to 200 days ago (only the mirror holds them).
 */
async function seedEvents(
  trx: Kysely<Database>,
  collegeId: number,
  authors: number[],
  sizes: SeedSizes,
  rnd: () => number,
) {
  const day = 86_400_000
  const now = Date.now()
  const categories = (
    await trx.selectFrom('event_categories').select('id').where('college_id', '=', collegeId).execute()
  ).map((c) => c.id)
  const first = await takeVersions(trx, collegeId, sizes.events)
  const events: Insertable<EventsTable>[] = []
  const targets: Insertable<EventTargetsTable>[] = []
  for (let i = 0; i < sizes.events; i++) {
    const recent = i < sizes.feedEvents
    const from = recent ? now - 30 * day : now - 900 * day
    const span = recent ? 180 * day : 700 * day
    // Whole half hours between 08:00 and 19:30 UTC; one in ten is all day.
    const startMs =
      Math.floor((from + rnd() * span) / day) * day + (8 + Math.floor(rnd() * 24) / 2) * 3600_000
    const allDay = rnd() < 0.1
    const start = new Date(startMs).toISOString()
    const end = new Date(startMs + (1 + Math.floor(rnd() * 3)) * 1800_000).toISOString()
    const stamp = new Date(Math.min(now, startMs - 14 * day)).toISOString()
    const id = uuidv7({ msecs: Date.parse(stamp) })
    events.push({
      id,
      college_id: collegeId,
      author_id: authors[i % authors.length]!,
      category_id: categories.length ? categories[i % categories.length]! : null,
      name: sentence(rnd, 2 + Math.floor(rnd() * 4)),
      description: sentence(rnd, 12),
      location: rnd() < 0.5 ? 'Gimnasio' : 'Sala de actos',
      all_day: allDay ? 1 : 0,
      starts_at: allDay ? start.slice(0, 10) : start,
      ends_at: allDay ? start.slice(0, 10) : end,
      sequence: 0,
      version: first + i,
      deleted_at: null,
      created_at: stamp,
      updated_at: stamp,
    })
    targets.push({ college_id: collegeId, event_id: id, grade_id: null, course_id: null })
  }
  await insertBatched(trx, 'events', events, 15)
  await insertBatched(trx, 'event_targets', targets, 4)
}

async function main() {
  const started = performance.now()
  const sizes = JSON.parse(process.argv[2] ?? '{}') as SeedSizes
  const config = loadConfig()
  const handle = openDatabase({ databaseUrl: config.databaseUrl, sqliteFile: join(config.dataDir, 'app.db') })
  await migrateToLatest(handle.db)
  await ensureReferenceData(handle.db)
  await seedDemo(handle.db, localStorage(join(config.dataDir, 'uploads')))
  const ids = await seedBenchCollege(handle.db, sizes)
  // A PostgreSQL in service has statistics and a visibility map (autovacuum vacuums and analyzes a table
  // soon after bulk inserts); without them, freshly loaded tables get plans no running server would use,
  // and index-only scans still visit every row. SQLite is left as the app leaves it: nothing in the app
  // runs ANALYZE, so a real SQLite database has no statistics.
  if (handle.dialect === 'postgres') await sql`VACUUM ANALYZE`.execute(handle.db)
  await handle.close()
  const report: SeedReport = {
    ...sizes,
    collegeId: ids.collegeId,
    guardianId: ids.guardianId,
    seconds: (performance.now() - started) / 1000,
    activityRows: ids.activityRows,
  }
  process.stdout.write(`${JSON.stringify(report)}\n`)
}

await main()
