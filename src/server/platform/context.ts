// What every request carries: its dependencies, its college and, once signed in, its user.

import type { Kysely, Selectable } from 'kysely'
import type { Permission, RoleKey } from '#shared/permissions.ts'
import type { Config } from '../config.ts'
import type { Dialect } from '../db/connection.ts'
import type { CollegesTable, Database, UsersTable } from '../db/schema.ts'
import type { PushSender } from './push.ts'
import type { Storage } from './storage.ts'

export type College = Selectable<CollegesTable>

export type AuthUser = Selectable<UsersTable> & { role_key: RoleKey; permissions: Permission[] }

export type Auth = { user: AuthUser; tokenId: number }

export type AppDeps = {
  db: Kysely<Database>
  dialect: Dialect
  config: Config
  storage: Storage
  /** Where push messages go; the web-push sender of the config when not given (tests give their own). */
  push?: PushSender
}

export type AppEnv = {
  Variables: {
    requestId: string
    deps: AppDeps
    host: string
    college: College | undefined
    auth: Auth
  }
}
