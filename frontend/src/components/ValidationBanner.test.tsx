import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ValidationBanner } from './ValidationBanner'

const counts = { CRITICAL: 1, ERROR: 2, WARNING: 1, BEST_PRACTICE: 3, INFO: 0 }

describe('ValidationBanner', () => {
  it('says green, yellow or red with the count that matters', () => {
    const { rerender } = render(
      <ValidationBanner overall="PASSED" counts={{ ...counts, CRITICAL: 0, ERROR: 0, WARNING: 0, BEST_PRACTICE: 0 }} />,
    )
    expect(screen.getByTestId('validation-banner')).toHaveTextContent('Perfect! No issues found.')
    rerender(<ValidationBanner overall="PASSED_WITH_ISSUES" counts={{ ...counts, CRITICAL: 0, ERROR: 0 }} />)
    expect(screen.getByTestId('validation-banner')).toHaveTextContent('Valid with 4 warnings')
    rerender(<ValidationBanner overall="FAILED" counts={counts} />)
    expect(screen.getByTestId('validation-banner')).toHaveTextContent('Validation failed with 3 errors')
    rerender(<ValidationBanner overall="FAILED" counts={{ ...counts, ERROR: 0 }} />)
    expect(screen.getByTestId('validation-banner')).toHaveTextContent('Validation failed with 1 error')
  })
  it('says when crashes inside NWB Inspector are listed but not counted', () => {
    const clean = { CRITICAL: 0, ERROR: 0, WARNING: 0, BEST_PRACTICE: 0, INFO: 0 }
    const { rerender } = render(<ValidationBanner overall="PASSED_WITH_ISSUES" counts={clean} inspectorCrashes={1} />)
    expect(screen.getByTestId('validation-banner')).toHaveTextContent('Valid with no warnings')
    expect(screen.getByTestId('inspector-crash-note')).toHaveTextContent("One of NWB Inspector's own checks crashed")
    rerender(<ValidationBanner overall="FAILED" counts={counts} inspectorCrashes={2} />)
    expect(screen.getByTestId('inspector-crash-note')).toHaveTextContent('2 of NWB Inspector')
    rerender(<ValidationBanner overall="FAILED" counts={counts} />)
    expect(screen.queryByTestId('inspector-crash-note')).toBeNull()
  })
})
