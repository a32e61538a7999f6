import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { PendingRequest } from '../api/types'
import { requestOptions } from './DecisionPanel'
import { ValidationBanner } from './ValidationBanner'

const counts = { CRITICAL: 1, ERROR: 2, WARNING: 1, BEST_PRACTICE: 3, INFO: 0 }

describe('ValidationBanner', () => {
  it('says green, yellow or red with the count that matters', () => {
    const { rerender } = render(<ValidationBanner overall="PASSED" counts={{ ...counts, CRITICAL: 0, ERROR: 0, WARNING: 0, BEST_PRACTICE: 0 }} />)
    expect(screen.getByTestId('validation-banner')).toHaveTextContent('Perfect! No issues found.')
    rerender(<ValidationBanner overall="PASSED_WITH_ISSUES" counts={{ ...counts, CRITICAL: 0, ERROR: 0 }} />)
    expect(screen.getByTestId('validation-banner')).toHaveTextContent('Valid with 4 warnings')
    rerender(<ValidationBanner overall="FAILED" counts={counts} />)
    expect(screen.getByTestId('validation-banner')).toHaveTextContent('Validation failed with 3 errors')
    rerender(<ValidationBanner overall="FAILED" counts={{ ...counts, ERROR: 0 }} />)
    expect(screen.getByTestId('validation-banner')).toHaveTextContent('Validation failed with 1 error')
  })
})

describe('decision options', () => {
  it('name the attempt a retry would start, and fall back to the usual pair when the server gives none', () => {
    const retry: PendingRequest = { type: 'retry_approval', message: 'Try again?', fields: [], options: [] }
    expect(requestOptions(retry, 1).map((o) => o.label)).toEqual(['Approve retry (attempt 3)', 'Decline'])
    const formats: PendingRequest = {
      type: 'format_selection',
      message: 'Which format?',
      fields: [],
      options: [{ value: 'PhySortingInterface', label: 'Phy' }, { value: 'KiloSortSortingInterface', label: 'KiloSort' }],
    }
    expect(requestOptions(formats, 0).map((o) => o.label)).toEqual(['Phy', 'KiloSort'])
  })
})
