import { describe, expect, it } from 'vitest'
import { keyed } from './keyed'

describe('keyed', () => {
  it('keys items by what they say, numbering repeats, so an item added on top leaves the others their keys', () => {
    const text = (item: string) => item
    expect(keyed(['b', 'a', 'b'], text).map(({ key }) => key)).toEqual(['b', 'a', 'b#2'])
    expect(keyed(['new', 'b', 'a', 'b'], text).map(({ key }) => key)).toEqual(['new', 'b', 'a', 'b#2'])
  })
})
