// The icons a Benefits category may show: each name of `PYME_CATEGORY_ICONS` is the lucide icon of
// that name ('book-open' → BookOpen), with a word for it that the icon picker reads out. The
// categories screen, the businesses screens and the families' directory all draw them from here.
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import {
  BookOpen,
  Car,
  Dumbbell,
  GraduationCap,
  HeartPulse,
  type LucideIcon,
  Music,
  PawPrint,
  Scissors,
  Shirt,
  Store,
  Utensils,
  Wrench,
} from 'lucide-react'
import { createElement } from 'react'
import type { PymeCategoryIcon } from '#shared/benefits.schema.ts'

export const CATEGORY_ICONS: Record<PymeCategoryIcon, LucideIcon> = {
  store: Store,
  utensils: Utensils,
  shirt: Shirt,
  'book-open': BookOpen,
  'heart-pulse': HeartPulse,
  dumbbell: Dumbbell,
  car: Car,
  scissors: Scissors,
  'graduation-cap': GraduationCap,
  'paw-print': PawPrint,
  wrench: Wrench,
  music: Music,
}

/** What each icon stands for, as the picker names it. */
export const CATEGORY_ICON_LABELS: Record<PymeCategoryIcon, MessageDescriptor> = {
  store: msg`Shop`,
  utensils: msg`Food`,
  shirt: msg`Clothing`,
  'book-open': msg`Books`,
  'heart-pulse': msg`Health`,
  dumbbell: msg`Sports`,
  car: msg`Vehicles`,
  scissors: msg`Beauty`,
  'graduation-cap': msg`Education`,
  'paw-print': msg`Pets`,
  wrench: msg`Repairs`,
  music: msg`Music`,
}

/** The lucide icon of a name; a shop for a name this version does not know (a newer server's). */
export function categoryIconOf(name: string): LucideIcon {
  return CATEGORY_ICONS[name as PymeCategoryIcon] ?? Store
}

/**
 * A category's icon. Decorative beside the category's name (hidden from screen readers); with
 * `label`, an image of that name.
 */
export function CategoryIcon({
  icon,
  label,
  className = 'size-5',
}: {
  icon: string
  label?: string
  className?: string
}) {
  return createElement(
    categoryIconOf(icon),
    label ? { role: 'img', 'aria-label': label, className } : { 'aria-hidden': true, className },
  )
}
