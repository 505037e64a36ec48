import { useAtomValue } from 'jotai'
import { COLLEGE_DEFAULTS } from '#shared/constants.ts'
import { collegeAtom } from './college.ts'

/** The college's time zone: its times show in it, wherever the device is. */
export function useCollegeZone(): string {
  return useAtomValue(collegeAtom).timezone ?? COLLEGE_DEFAULTS.timezone
}
