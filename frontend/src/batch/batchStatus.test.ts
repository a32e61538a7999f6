import { describe, expect, it } from 'vitest'
import { editableRows, filledRows, isBusy } from './batchStatus'

describe('batch table helpers', () => {
  it('lays sessions out as rows of text, folder first', () => {
    const rows = editableRows([{ folder: 'm1/day1', values: { subject_id: 'm1' } }], ['folder', 'subject_id', 'sex'])
    expect(rows).toEqual([{ folder: 'm1/day1', subject_id: 'm1', sex: '' }])
  })

  it('sends only filled cells', () => {
    expect(filledRows([{ folder: 'm1/day1', sex: ' ', age: 'P90D' }])).toEqual([{ folder: 'm1/day1', age: 'P90D' }])
  })

  it('follows a batch while it looks for sessions or runs', () => {
    expect(isBusy('running')).toBe(true)
    expect(isBusy('discovering')).toBe(true)
    expect(isBusy('finished')).toBe(false)
  })
})
