import { useAtomValue } from 'jotai'
import { collegeAtom } from '../platform/college.ts'

const logos = { sm: 'size-8 rounded-lg', md: 'size-10 rounded-xl' }

/** The college's logo and name, as the header, the side menu and the public home show them. */
export function CollegeMark({
  size = 'md',
  className = '',
}: {
  size?: keyof typeof logos
  className?: string
}) {
  const college = useAtomValue(collegeAtom)
  return (
    <span className={`flex min-w-0 items-center gap-3 font-semibold ${className}`}>
      <img src={college.logo} alt="" className={`${logos[size]} shrink-0 object-cover`} />
      <span dir="auto" className="truncate">
        {college.name}
      </span>
    </span>
  )
}
