import { describe, expect, it } from 'vitest'
import { asksForValues, canSkip, requestIntro, requestKey, requestKind } from './pendingRequest'
import type { PendingRequest } from './types'

const request = (overrides: Partial<PendingRequest>): PendingRequest => ({
  type: 'user_input',
  message: 'm',
  fields: [],
  options: [],
  ...overrides,
})
const field = (name: string) => ({ name, required: true, description: '' })

describe('pending requests', () => {
  it('tell apart what a user_input request is for by its purpose', () => {
    expect(requestKind(request({ purpose: 'correction_values', fields: [field('age')] }))).toBe('correction_values')
    expect(requestKind(request({ purpose: 'format_arguments', fields: [field('num_channels')] }))).toBe(
      'format_arguments',
    )
    expect(
      requestKind(request({ purpose: 'no_progress', options: [{ value: 'stop', label: 'Stop', description: '' }] })),
    ).toBe('no_progress')
    expect(requestKind(request({ type: 'metadata', fields: [field('age')] }))).toBe('metadata')
    expect(requestKind(request({ type: 'format_selection' }))).toBe('format_choice')
    expect(requestKind(request({ fields: [field('age')] }))).toBe('values') // a purpose this page does not know yet
  })

  it('send values to the dialog and choices to buttons', () => {
    expect(asksForValues(request({ type: 'metadata', fields: [field('age')] }))).toBe(true)
    expect(asksForValues(request({ purpose: 'no_progress', fields: [field('age')] }))).toBe(false)
    expect(asksForValues(request({ type: 'retry_approval' }))).toBe(false)
  })

  it("can be skipped, except a lone start time and a reader's arguments", () => {
    expect(canSkip(request({ type: 'metadata', fields: [field('session_start_time'), field('age')] }))).toBe(true)
    expect(canSkip(request({ type: 'metadata', fields: [field('session_start_time')] }))).toBe(false)
    expect(canSkip(request({ purpose: 'format_arguments', fields: [field('num_channels')] }))).toBe(false)
  })

  it('drop the bullet list from the intro and change identity with a new question', () => {
    expect(requestIntro('I need:\n- subject ID: m042\n- age: P90\nOr say "just convert".')).toBe(
      'I need:\nOr say "just convert".',
    )
    const first = request({ type: 'metadata', fields: [field('age'), field('sex')] })
    expect(requestKey(first)).toBe(requestKey({ ...first }))
    expect(requestKey(first)).not.toBe(requestKey({ ...first, fields: [field('sex')] }))
    expect(requestKey(null)).toBeNull()
  })
})
