import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ValidationIssue } from '../api/types'
import { IssueList } from './IssueList'

const issue = (over: Partial<ValidationIssue>): ValidationIssue => ({
  check_name: 'check_subject_exists',
  severity: 'CRITICAL',
  importance: 'CRITICAL',
  message: 'Subject is missing.',
  category: 'missing_metadata',
  fix_kind: 'ask',
  ...over,
})

describe('IssueList', () => {
  it('lists issues about the file by severity and a crash inside NWB Inspector last, marked as such', () => {
    render(
      <IssueList
        issues={[
          issue({
            check_name: 'check_timestamps',
            severity: 'ERROR',
            importance: 'ERROR',
            category: 'inspector_internal',
            message: "NWB Inspector's check 'check_timestamps' crashed (ValueError).",
          }),
          issue({
            check_name: 'check_description',
            severity: 'BEST_PRACTICE',
            importance: 'BEST_PRACTICE_SUGGESTION',
            message: 'Description is missing.',
            category: 'best_practice',
          }),
          issue({}),
        ]}
      />,
    )
    const rows = screen.getAllByRole('button', { expanded: false })
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('Subject is missing.'),
      expect.stringContaining('Description is missing.'),
      expect.stringContaining("check 'check_timestamps' crashed"),
    ])
    expect(within(rows[2]).getByText('Checker crash')).toBeInTheDocument()
    expect(within(rows[0]).queryByText('Checker crash')).toBeNull()
  })
})
