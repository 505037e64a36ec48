// The one way to reach a tenant table: every query built here is filtered by the college.
import type {
  DeleteQueryBuilder,
  DeleteResult,
  Insertable,
  InsertQueryBuilder,
  InsertResult,
  Kysely,
  SelectQueryBuilder,
  UpdateQueryBuilder,
  UpdateResult,
} from 'kysely'
import type { Database, TenantTable } from '../db/schema.ts'

type WithoutCollege<T extends TenantTable> = Omit<Insertable<Database[T]>, 'college_id'>

export function tenantScope(db: Kysely<Database>, collegeId: number) {
  const anyDb = db as Kysely<any>
  return {
    collegeId,
    db,
    selectFrom<T extends TenantTable>(table: T) {
      return anyDb
        .selectFrom(table as string)
        .where(`${table}.college_id` as string, '=', collegeId) as unknown as SelectQueryBuilder<
        Database,
        T,
        object
      >
    },
    updateTable<T extends TenantTable>(table: T) {
      return anyDb
        .updateTable(table as string)
        .where(`${table}.college_id` as string, '=', collegeId) as unknown as UpdateQueryBuilder<
        Database,
        T,
        T,
        UpdateResult
      >
    },
    deleteFrom<T extends TenantTable>(table: T) {
      return anyDb
        .deleteFrom(table as string)
        .where(`${table}.college_id` as string, '=', collegeId) as unknown as DeleteQueryBuilder<
        Database,
        T,
        DeleteResult
      >
    },
    insertInto<T extends TenantTable>(table: T, values: WithoutCollege<T> | WithoutCollege<T>[]) {
      const rows = (Array.isArray(values) ? values : [values]).map((row) => ({
        ...row,
        college_id: collegeId,
      }))
      return anyDb.insertInto(table as string).values(rows) as unknown as InsertQueryBuilder<
        Database,
        T,
        InsertResult
      >
    },
  }
}

export type TenantScope = ReturnType<typeof tenantScope>
