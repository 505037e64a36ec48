// Demo data, created once: running it again changes nothing. Documented in the README.
import type { Kysely } from 'kysely'
import sharp from 'sharp'
import { createCollegeRoles, ensureRole } from '../platform/built-in-roles.ts'
import { nowIso } from '../platform/clock.ts'
import { hashPassword } from '../platform/passwords.ts'
import { randomToken } from '../platform/secrets.ts'
import type { Storage } from '../platform/storage.ts'
import { takeVersion, takeVersions } from '../platform/sync-versions.ts'
import { seedDemoBanners, seedDemoBenefits } from './demo-benefits.ts'
import { DEMO_COLLEGES, DEMO_PASSWORD, type DemoCollege, PLATFORM_OWNER } from './demo-data.ts'
import { seedDemoDocuments } from './demo-documents.ts'
import { seedDemoEvents } from './demo-events.ts'
import { seedDemoFees } from './demo-fees.ts'
import { seedDemoProcesses } from './demo-processes.ts'
import type { Database } from './schema.ts'

export { DEMO_COLLEGES, DEMO_PASSWORD, PLATFORM_OWNER }

function logoSvg(acronym: string, color: string): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="512" height="512"><rect width="512" height="512" rx="112" fill="${color}"/><text x="256" y="330" font-family="sans-serif" font-size="220" font-weight="700" fill="#fff" text-anchor="middle">${acronym}</text></svg>`
}

async function seedCollege(db: Kysely<Database>, storage: Storage, demo: DemoCollege, passwordHash: string) {
  const exists = await db.selectFrom('colleges').select('id').where('slug', '=', demo.slug).executeTakeFirst()
  if (exists) return
  const now = nowIso()
  await db.transaction().execute(async (trx) => {
    const commune =
      (await trx.selectFrom('communes').select('id').where('name', '=', demo.commune).executeTakeFirst()) ??
      (await trx
        .insertInto('communes')
        .values({ name: demo.commune })
        .returning('id')
        .executeTakeFirstOrThrow())
    const college = await trx
      .insertInto('colleges')
      .values({
        slug: demo.slug,
        name: demo.name,
        short_name: demo.short_name,
        acronym: demo.acronym,
        address: demo.address,
        commune_id: commune.id,
        email: demo.email,
        phone: demo.phone,
        image: '',
        image_menu: '',
        image_splash: '',
        logo: '',
        have_advertising: 0,
        show_onboarding: 1,
        app_status_publishing: 1,
        theme_color: demo.theme_color,
        language: demo.language,
        places: JSON.stringify([demo.address]),
        smtp_host: null,
        smtp_port: null,
        smtp_secure: 0,
        smtp_user: null,
        smtp_password_enc: null,
        smtp_from: null,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const logoKey = `colleges/${college.id}/logo-${randomToken(9)}.png`
    await storage.put(
      logoKey,
      await sharp(Buffer.from(logoSvg(demo.acronym, demo.theme_color)))
        .png()
        .toBuffer(),
    )
    await trx.updateTable('colleges').set({ logo: logoKey }).where('id', '=', college.id).execute()
    await trx
      .insertInto('college_domains')
      .values(demo.hosts.map((host) => ({ college_id: college.id, host })))
      .execute()
    const roleIds = await createCollegeRoles(trx, college.id)
    const userIds = new Map<string, number>()
    for (const u of demo.users) {
      const row = await trx
        .insertInto('users')
        .values({
          college_id: college.id,
          role_id: roleIds.get(u.role)!,
          name: u.name,
          first_lastname: u.first_lastname,
          second_lastname: '',
          email: u.email,
          rut: u.rut ?? '',
          phone: '',
          birthdate: '',
          avatar: null,
          password_hash: passwordHash,
          locale: null,
          created_at: now,
          updated_at: now,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      userIds.set(u.email, row.id)
    }
    const courseIds = new Map<string, number>()
    for (const [position, grade] of demo.grades.entries()) {
      const g = await trx
        .insertInto('grades')
        .values({
          college_id: college.id,
          name: grade.name,
          position,
          version: await takeVersion(trx, college.id),
        })
        .returning('id')
        .executeTakeFirstOrThrow()
      for (const name of grade.courses) {
        const course = await trx
          .insertInto('courses')
          .values({
            college_id: college.id,
            grade_id: g.id,
            name,
            version: await takeVersion(trx, college.id),
          })
          .returning('id')
          .executeTakeFirstOrThrow()
        courseIds.set(name, course.id)
      }
    }
    for (const [student, course] of Object.entries(demo.enrollments)) {
      await trx
        .insertInto('enrollments')
        .values({
          college_id: college.id,
          student_id: userIds.get(student)!,
          course_id: courseIds.get(course)!,
        })
        .execute()
    }
    for (const [guardian, students] of Object.entries(demo.guardianships)) {
      for (const student of students) {
        await trx
          .insertInto('guardianships')
          .values({
            college_id: college.id,
            guardian_id: userIds.get(guardian)!,
            student_id: userIds.get(student)!,
          })
          .execute()
      }
    }
    for (const [teacher, courses] of Object.entries(demo.teaching)) {
      for (const course of courses) {
        await trx
          .insertInto('course_staff')
          .values({
            college_id: college.id,
            user_id: userIds.get(teacher)!,
            course_id: courseIds.get(course)!,
          })
          .execute()
      }
    }
    const welcome =
      demo.language === 'es'
        ? {
            title: 'Bienvenidos al nuevo año escolar',
            content: 'Revisen el calendario de reuniones de apoderados.',
          }
        : {
            title: 'Welcome to the new school year',
            content: 'Please check the calendar of parent meetings.',
          }
    const firstVersion = await takeVersions(trx, college.id, userIds.size)
    const notices = [...userIds.entries()].map(([, userId], i) => ({
      id: `00000000-0000-7000-8000-${String(college.id).padStart(4, '0')}${String(i).padStart(8, '0')}`,
      college_id: college.id,
      user_id: userId,
      title: welcome.title,
      content: welcome.content,
      scope: 'college',
      emergency: 0,
      read_at: null,
      created_at: now,
      version: firstVersion + i,
    }))
    await trx.insertInto('notifications').values(notices).execute()
    const category = await trx
      .insertInto('post_categories')
      .values({
        college_id: college.id,
        name: demo.category,
        slug: demo.category.toLowerCase(),
        version: await takeVersion(trx, college.id),
        created_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    const gradeIds = new Map(
      (
        await trx.selectFrom('grades').select(['id', 'name']).where('college_id', '=', college.id).execute()
      ).map((g) => [g.name, g.id]),
    )
    for (const [i, post] of demo.posts.entries()) {
      const id = `00000000-0000-7000-9000-${String(college.id).padStart(4, '0')}${String(i).padStart(8, '0')}`
      // Older posts first, a minute apart, so the feed has a stable order.
      const at = new Date(Date.parse(now) - (demo.posts.length - i) * 60_000).toISOString()
      await trx
        .insertInto('posts')
        .values({
          id,
          college_id: college.id,
          author_id: userIds.get(post.author)!,
          category_id: category.id,
          title: post.title,
          content: post.content,
          publish_at: at,
          announced: 1,
          version: await takeVersion(trx, college.id),
          deleted_at: null,
          created_at: at,
          updated_at: at,
        })
        .execute()
      const courseId = post.course ? courseIds.get(post.course)! : null
      const gradeId = post.grade ? gradeIds.get(post.grade)! : null
      const target = courseId
        ? {
            grade_id: (
              await trx
                .selectFrom('courses')
                .select('grade_id')
                .where('id', '=', courseId)
                .executeTakeFirstOrThrow()
            ).grade_id,
            course_id: courseId,
          }
        : { grade_id: gradeId, course_id: null }
      await trx
        .insertInto('post_targets')
        .values({ college_id: college.id, post_id: id, ...target })
        .execute()
    }
    await seedDemoEvents(trx, college.id, demo, { users: userIds, grades: gradeIds, courses: courseIds }, now)
    if (demo.slug === 'demo') {
      await seedDemoDocuments(trx, storage, college.id, { users: userIds, courses: courseIds }, now)
      await seedDemoFees(trx, college.id, { users: userIds, grades: gradeIds }, now)
      await seedDemoProcesses(trx, college.id, { users: userIds, courses: courseIds }, now)
      await seedDemoBenefits(trx, college.id, { users: userIds }, now)
      await seedDemoBanners(trx, storage, college.id, now)
    }
  })
}

async function seedPlatformOwner(db: Kysely<Database>, passwordHash: string) {
  const exists = await db
    .selectFrom('users')
    .select('id')
    .where('email', '=', PLATFORM_OWNER.email)
    .where('college_id', 'is', null)
    .executeTakeFirst()
  if (exists) return
  await db.transaction().execute(async (trx) => {
    const roleId = await ensureRole(trx, null, 'superadmin')
    const now = nowIso()
    await trx
      .insertInto('users')
      .values({
        college_id: null,
        role_id: roleId,
        ...PLATFORM_OWNER,
        second_lastname: '',
        rut: '',
        phone: '',
        birthdate: '',
        avatar: null,
        password_hash: passwordHash,
        locale: null,
        created_at: now,
        updated_at: now,
      })
      .execute()
  })
}

export async function seedDemo(db: Kysely<Database>, storage: Storage): Promise<void> {
  const passwordHash = await hashPassword(DEMO_PASSWORD)
  for (const college of DEMO_COLLEGES) await seedCollege(db, storage, college, passwordHash)
  await seedPlatformOwner(db, passwordHash)
}
