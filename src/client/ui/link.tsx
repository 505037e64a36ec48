// Router links in the design system's looks: a text link, and a link that looks like a button.
import { createLink, type LinkComponent } from '@tanstack/react-router'
import type { AnchorHTMLAttributes, Ref } from 'react'
import { type ButtonSize, type ButtonVariant, buttonClass } from './button-styles.ts'

type AnchorProps = AnchorHTMLAttributes<HTMLAnchorElement> & { ref?: Ref<HTMLAnchorElement> }

function TextAnchor({ className = '', ...props }: AnchorProps) {
  return <a {...props} className={`link ${className}`} />
}

type ButtonAnchorProps = AnchorProps & { variant?: ButtonVariant; size?: ButtonSize }

function ButtonAnchor({ variant = 'primary', size = 'md', className = '', ...props }: ButtonAnchorProps) {
  return <a {...props} className={buttonClass(variant, size, className)} />
}

const RouterTextLink = createLink(TextAnchor)
const RouterButtonLink = createLink(ButtonAnchor)

export const TextLink: LinkComponent<typeof TextAnchor> = (props) => <RouterTextLink {...props} />
export const ButtonLink: LinkComponent<typeof ButtonAnchor> = (props) => <RouterButtonLink {...props} />
