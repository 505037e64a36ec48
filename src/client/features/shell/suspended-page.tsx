import { Trans } from '@lingui/react/macro'
import { useAtomValue } from 'jotai'
import { CirclePause } from 'lucide-react'
import { collegeAtom } from '../../platform/college.ts'

/** What a suspended college's people see instead of the app: clear words, and nothing lost. */
export function SuspendedPage() {
  const college = useAtomValue(collegeAtom)
  return (
    <main id="main" className="flex min-h-dvh flex-col items-center justify-center gap-5 p-6 text-center">
      <img src={college.logo} alt="" className="size-16 rounded-2xl object-cover" />
      <CirclePause aria-hidden="true" className="size-10 text-muted" />
      <h1 className="text-2xl font-bold">
        <Trans>{college.name} is suspended for now</Trans>
      </h1>
      <p className="max-w-md text-muted">
        <Trans>
          The app of this college is paused. Nothing has been deleted: news, messages and documents will be
          back when it resumes. The college’s office can tell you more.
        </Trans>
      </p>
    </main>
  )
}
