// A few lines of DOM building for the screens drawn without React (the sign-in page: a first visit on a
// slow connection should not wait for a framework). Attributes are set, never HTML strings parsed, so
// no text from a server or a user can become markup.
import { createElement as createIcon, type IconNode } from 'lucide'

type Child = Node | string | false | null | undefined
type Attributes = Record<string, string | boolean | undefined | ((event: Event) => void)>

/** An element with its attributes (`on…` ones become listeners; false or undefined ones are left out). */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Attributes = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) {
    if (typeof value === 'function') element.addEventListener(name.slice(2), value)
    else if (value === true) element.setAttribute(name, '')
    else if (value !== false && value !== undefined) element.setAttribute(name, value)
  }
  element.append(...children.filter((child): child is Node | string => Boolean(child)))
  return element
}

/** A Lucide icon as the React screens draw it, hidden from assistive technology. */
export function icon(node: IconNode, className: string): SVGElement {
  return createIcon(node, { class: className, 'aria-hidden': 'true' })
}
