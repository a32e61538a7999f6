import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SeverityCountChips } from './SeverityCountChips'
import { ValidationBanner } from './ValidationBanner'

describe('ValidationBanner', () => {
  it("says green, yellow or red with the server's verdict words", () => {
    const { rerender } = render(<ValidationBanner overall="PASSED" verdict="Passed with no issues" />)
    expect(screen.getByTestId('validation-banner')).toHaveTextContent('Perfect! No issues found.')
    rerender(<ValidationBanner overall="PASSED_WITH_ISSUES" verdict="Valid with 5 best-practice suggestions" />)
    expect(screen.getByTestId('validation-banner')).toHaveTextContent('Valid with 5 best-practice suggestions')
    rerender(<ValidationBanner overall="FAILED" verdict="Failed validation with 1 critical issue, 2 errors" />)
    expect(screen.getByTestId('validation-banner')).toHaveTextContent(
      'Failed validation with 1 critical issue, 2 errors',
    )
  })
  it('names the counts as the chips below it do (no "5 warnings" above "Warnings: 0")', () => {
    render(
      <>
        <ValidationBanner overall="PASSED_WITH_ISSUES" verdict="Valid with 5 best-practice suggestions" />
        <SeverityCountChips counts={{ CRITICAL: 0, ERROR: 0, WARNING: 0, BEST_PRACTICE: 5, INFO: 0 }} />
      </>,
    )
    expect(screen.getByTestId('count-WARNING')).toHaveTextContent('Warnings: 0')
    expect(screen.getByTestId('count-BEST_PRACTICE')).toHaveTextContent('Best-practice suggestions: 5')
    expect(screen.getByTestId('validation-banner')).not.toHaveTextContent('warning')
  })
  it('says when crashes inside NWB Inspector are listed but not counted', () => {
    const { rerender } = render(
      <ValidationBanner overall="PASSED_WITH_ISSUES" verdict="Valid with no issues" inspectorCrashes={1} />,
    )
    expect(screen.getByTestId('inspector-crash-note')).toHaveTextContent("One of NWB Inspector's own checks crashed")
    rerender(<ValidationBanner overall="FAILED" verdict="Failed validation with 2 errors" inspectorCrashes={2} />)
    expect(screen.getByTestId('inspector-crash-note')).toHaveTextContent('2 of NWB Inspector')
    rerender(<ValidationBanner overall="FAILED" verdict="Failed validation with 2 errors" />)
    expect(screen.queryByTestId('inspector-crash-note')).toBeNull()
  })
})
