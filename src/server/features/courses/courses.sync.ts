import { collegeWideChanges, type SyncSource } from '../../platform/sync-registry.ts'

export const coursesSyncSources: SyncSource[] = [
  {
    collection: 'grades',
    lookup: true,
    tables: ['grades', 'sync_tombstones:grades'],
    changes: collegeWideChanges('grades', 'grades', ['id', 'name', 'position']),
  },
  {
    collection: 'courses',
    lookup: true,
    tables: ['courses', 'sync_tombstones:courses'],
    changes: collegeWideChanges('courses', 'courses', ['id', 'grade_id', 'name']),
  },
]
