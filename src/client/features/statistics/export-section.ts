// A section's figures as a CSV file, through the app's client (it carries the token) and saved like
// every other download of the app.
import type { StatisticsSection } from '#shared/statistics.schema.ts'
import { api } from '../../platform/api.ts'
import { queryString } from '../../platform/remote.ts'
import { saveBlob } from '../../platform/save-file.ts'
import type { StatisticsQuery } from './period.ts'

export async function exportSection(section: StatisticsSection, range: StatisticsQuery): Promise<void> {
  const response = await api.get(`api/v1/statistics/${section}.csv${queryString(range)}`)
  if (!response.ok) throw new Error(`statistics/${section}.csv: ${response.status}`)
  const named = response.headers.get('Content-Disposition')?.match(/filename="?([^";]+)"?/)?.[1]
  saveBlob(await response.blob(), named ?? `statistics-${section}-${range.from}-${range.to}.csv`)
}
