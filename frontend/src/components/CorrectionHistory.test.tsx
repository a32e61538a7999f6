import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { CorrectionAttempt, ValidationIssue } from '../api/types'
import { withCatalogue } from '../test/catalogue'
import { CorrectionHistory, compareIssues } from './CorrectionHistory'

const issue = (check_name: string, message: string, object_name = 'root'): ValidationIssue => ({
  check_name,
  message,
  object_name,
  severity: 'BEST_PRACTICE',
  importance: 'BEST_PRACTICE_SUGGESTION',
  location: '/',
  category: 'best_practice',
  fix_kind: 'ask',
})
const SUBJECT = { ...issue('check_subject_exists', 'Subject is missing.'), severity: 'CRITICAL' as const }
const DEVICE = issue('check_description', 'Description is missing.', 'NeuropixelsImec0')
const LOCATION = issue('check_electrode_location', 'Electrode location is missing.', 'imec0')
const SUBJECT_DESCRIPTION = issue('check_subject_description', 'Subject description is missing.')

const FIRST: CorrectionAttempt = {
  attempt: 1,
  version: 2,
  started_at: '2024-03-05T19:30:00Z',
  issues_before: [SUBJECT, DEVICE, LOCATION],
  fixes_applied: [
    {
      check_name: 'check_description',
      field: 'device_description',
      old_value: null,
      new_value: 'Neuropixels 1.0 probe (imec NP1000)',
      reason: 'Generated from the probe model.',
    },
  ],
  user_input: { subject_id: 'm042', keywords: ['V1', 'Neuropixels'], 'electrode_location[imec0]': 'CA1' },
  issues_after: [LOCATION, SUBJECT_DESCRIPTION],
  status_after: 'PASSED_WITH_ISSUES',
  changes: [
    {
      object_type: 'Device',
      object_name: 'PlaceholderElectrodeDevice',
      attribute: 'name',
      before: 'PlaceholderElectrodeDevice',
      after: 'OpenEphysAcquisitionSystem',
    },
    {
      object_type: 'electrodes',
      object_name: 'port',
      attribute: 'description',
      before: 'no description',
      after: 'Headstage port',
    },
  ],
}
const SECOND: CorrectionAttempt = {
  attempt: 2,
  started_at: '2024-03-05T19:32:00Z',
  issues_before: [LOCATION, SUBJECT_DESCRIPTION],
  fixes_applied: [],
  user_input: {},
  issues_after: null,
  status_after: null,
}

describe('CorrectionHistory', () => {
  it('sorts the issues of a round into resolved, still there and new', () => {
    expect(compareIssues(FIRST)).toEqual({
      resolved: [SUBJECT, DEVICE],
      remaining: [LOCATION],
      added: [SUBJECT_DESCRIPTION],
    })
    expect(compareIssues(SECOND)).toBeNull()
  })

  it('shows per round the fixes made, the answers given and how the issues changed', async () => {
    render(withCatalogue(<CorrectionHistory history={[FIRST, SECOND]} />).ui)
    const first = screen.getByTestId('correction-1')
    // one probe's own value, labelled from the served field list once it has arrived
    expect(await within(first).findByText('Brain area of imec0')).toBeInTheDocument()
    expect(within(first).getByText('Correction 1 → v2')).toBeInTheDocument()
    expect(within(first).getByText('3 issues before → 2 after')).toBeInTheDocument()
    expect(within(first).getByText('valid with warnings')).toBeInTheDocument()
    expect(within(first).getByText(/: \(empty\) → Neuropixels 1\.0 probe \(imec NP1000\)/)).toBeInTheDocument()
    expect(within(first).getByText('Generated from the probe model.')).toBeInTheDocument()
    expect(within(first).getByText(/: V1; Neuropixels/)).toBeInTheDocument()
    expect(within(first).getByText('Changed in the file')).toBeInTheDocument()
    expect(within(first).getByText(/PlaceholderElectrodeDevice → OpenEphysAcquisitionSystem/)).toBeInTheDocument()
    expect(within(first).getByText('electrodes column port')).toBeInTheDocument()
    expect(within(first).getByText(/no description → Headstage port/)).toBeInTheDocument()
    expect(within(first).getByText('Resolved (2)')).toBeInTheDocument()
    expect(within(first).getByText('Description is missing. (NeuropixelsImec0)')).toBeInTheDocument()
    expect(within(first).getByText('Still there (1)')).toBeInTheDocument()
    expect(within(first).getByText('New (1)')).toBeInTheDocument()

    const second = screen.getByTestId('correction-2')
    expect(within(second).getByText('in progress')).toBeInTheDocument()
    expect(within(second).getByText('Nothing: this round needed values only you know.')).toBeInTheDocument()
    expect(within(second).getByText('Issues before (2)')).toBeInTheDocument()
    expect(within(second).queryByText('Changed in the file')).toBeNull() // not evaluated yet
  })
})
