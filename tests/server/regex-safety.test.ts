// Every regular expression the server runs (its own and the shared code) must be linear: one request
// with a crafted text must never block the event loop for every college (ReDoS). Found with the
// TypeScript parser, checked with recheck.
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { checkSync } from 'recheck'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return sourceFiles(path)
    return /\.tsx?$/.test(name) ? [path] : []
  })
}

/** Regular expression literals and `new RegExp('literal')` calls, with where they are. */
function regexesIn(file: string): { where: string; source: string; flags: string }[] {
  const text = readFileSync(file, 'utf8')
  const tree = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true)
  const found: { where: string; source: string; flags: string }[] = []
  const visit = (node: ts.Node) => {
    const line = () => `${file}:${tree.getLineAndCharacterOfPosition(node.getStart()).line + 1}`
    if (ts.isRegularExpressionLiteral(node)) {
      const literal = node.text
      const end = literal.lastIndexOf('/')
      found.push({ where: line(), source: literal.slice(1, end), flags: literal.slice(end + 1) })
    } else if (
      ts.isNewExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'RegExp' &&
      node.arguments?.[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      const flags =
        node.arguments[1] && ts.isStringLiteralLike(node.arguments[1]) ? node.arguments[1].text : ''
      found.push({ where: line(), source: node.arguments[0].text, flags })
    }
    ts.forEachChild(node, visit)
  }
  visit(tree)
  return found
}

const regexes = ['src/server', 'src/shared'].flatMap(sourceFiles).flatMap(regexesIn)

describe('regular expressions over user input', () => {
  it('are found (the scan itself works)', () => {
    expect(regexes.length).toBeGreaterThan(10)
    expect(regexes.some((r) => r.source.includes('Bearer'))).toBe(true)
  })

  it('are all linear: none can be made to backtrack', () => {
    const vulnerable = regexes
      .map((r) => ({ ...r, result: checkSync(r.source, r.flags, { timeout: 5000 }) }))
      .filter((r) => r.result.status !== 'safe')
      .map(
        (r) =>
          `${r.where} /${r.source}/${r.flags}: ${r.result.status}${r.result.status === 'vulnerable' ? ` (${r.result.attack.pattern})` : ''}`,
      )
    expect(vulnerable).toEqual([])
  })

  it('would catch the one that let 200,000 "<" block the server', () => {
    expect(checkSync('<[^>]*>', 'g').status).toBe('vulnerable')
  })
})
