import { describe, expect, it } from 'vitest'
import { describeSelection, formatBytes, relativePathOf, toUploadItems } from './recordingFiles'

function withPath(name: string, props: Record<string, string>): File {
  const file = new File(['x'], name)
  for (const [key, value] of Object.entries(props)) Object.defineProperty(file, key, { value })
  return file
}

describe('recording files', () => {
  it('keeps the path relative to the chosen folder whatever the browser gave', () => {
    expect(relativePathOf(withPath('a.bin', { path: '/run g0/imec0/a.bin' }))).toBe('run g0/imec0/a.bin')
    expect(relativePathOf(withPath('a.bin', { webkitRelativePath: 'run_g0/imec0/a.bin' }))).toBe('run_g0/imec0/a.bin')
    expect(relativePathOf(withPath('a.bin', { path: './a.bin' }))).toBe('a.bin')
    expect(relativePathOf(new File(['x'], 'b.bin'))).toBe('b.bin')
  })

  it('drops operating-system litter and describes the selection', () => {
    const items = toUploadItems([
      withPath('b.meta', { webkitRelativePath: 'run_g0/b.meta' }),
      withPath('.DS_Store', { webkitRelativePath: 'run_g0/.DS_Store' }),
      withPath('a.bin', { webkitRelativePath: 'run_g0/a.bin' }),
    ])
    expect(items.map((item) => item.relativePath)).toEqual(['run_g0/a.bin', 'run_g0/b.meta'])
    expect(describeSelection(items)).toBe('Folder run_g0 (2 files)')
    expect(describeSelection(toUploadItems([new File(['x'], 'one.abf')]))).toBe('1 file')
    expect(formatBytes(6_451_257)).toBe('6.2 MB')
  })
})
