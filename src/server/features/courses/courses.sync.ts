import { collegeWideChanges, type SyncSource } from '../../platform/sync-registry.ts'

export const coursesSyncSources: SyncSource[] = [
  {
    collection: 'grades',
    lookup: true,
    changes: (ctx) => collegeWideChanges(ctx, 'grades', 'grades', ['id', 'name', 'position']),
  },
  {
    collection: 'courses',
    lookup: true,
    changes: (ctx) => collegeWideChanges(ctx, 'courses', 'courses', ['id', 'grade_id', 'name']),
  },
]
