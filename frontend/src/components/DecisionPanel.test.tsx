import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { PendingRequest } from '../api/types'
import { DecisionPanel, decisionTitle, requestOptions } from './DecisionPanel'

// The backend's no-progress request (conversation agent `_offer_ways_out`).
const NO_PROGRESS = {
  type: 'user_input',
  purpose: 'no_progress',
  message: 'Attempt 2 changed nothing: the same issues remain and no new value or fix was added.',
  fields: [],
  options: [
    { value: 'accept_as_is', label: 'Accept as is', description: 'Keep the latest version' },
    {
      value: 'change_approach',
      label: 'Different approach',
      description: 'Answer every question about the remaining issues',
    },
    { value: 'stop', label: 'Stop', description: 'End here without a valid file' },
  ],
} satisfies PendingRequest

function renderPanel(request: PendingRequest, correctionAttempt = 0, sessionStreams = 0) {
  const onChoose = vi.fn()
  const onOpenDialog = vi.fn()
  render(
    <DecisionPanel
      request={request}
      correctionAttempt={correctionAttempt}
      sending={false}
      onChoose={onChoose}
      onOpenDialog={onOpenDialog}
      sessionStreams={sessionStreams}
    />,
  )
  return { onChoose, onOpenDialog, panel: screen.getByTestId('decision') }
}

describe('decision options', () => {
  it('name the attempt a retry would start, and fall back to the usual pair when the server gives none', () => {
    const retry: PendingRequest = { type: 'retry_approval', message: 'Try again?', fields: [], options: [] }
    expect(requestOptions(retry, 1).map((o) => o.label)).toEqual(['Approve (attempt 3)', 'Decline'])
    const formats: PendingRequest = {
      type: 'format_selection',
      message: 'Which format?',
      fields: [],
      options: [
        { value: 'PhySortingInterface', label: 'Phy', description: '' },
        { value: 'KiloSortSortingInterface', label: 'KiloSort', description: '' },
      ],
    }
    expect(requestOptions(formats, 0).map((o) => o.label)).toEqual(['Phy', 'KiloSort'])
  })
})

describe('DecisionPanel', () => {
  it('offers the three ways out of a correction that changed nothing, each explained', async () => {
    const { panel, onChoose } = renderPanel(NO_PROGRESS, 1)
    expect(within(panel).getByText('The last correction changed nothing')).toBeInTheDocument()
    const buttons = within(panel).getAllByRole('button')
    expect(buttons.map((button) => button.textContent)).toEqual(['Accept as is', 'Different approach', 'Stop'])
    expect(within(panel).getByRole('button', { name: 'Stop' })).toHaveAccessibleDescription(
      'End here without a valid file',
    )
    await userEvent.click(within(panel).getByRole('button', { name: 'Different approach' }))
    expect(onChoose).toHaveBeenCalledWith(NO_PROGRESS.options[1])
  })

  it('shows each format with what it would read', () => {
    const request: PendingRequest = {
      type: 'format_selection',
      message: 'Two readers fit these files.',
      fields: [],
      options: [
        { value: 'PhySortingInterface', label: 'PhySortingInterface', description: 'Phy output: reads 13 files' },
        {
          value: 'KiloSortSortingInterface',
          label: 'KiloSortSortingInterface',
          description: 'KiloSort output: reads 11 files',
        },
      ],
    }
    const { panel } = renderPanel(request)
    expect(within(panel).getByText('Which format is this recording?')).toBeInTheDocument()
    expect(within(panel).getByRole('button', { name: 'KiloSortSortingInterface' })).toHaveAccessibleDescription(
      'KiloSort output: reads 11 files',
    )
  })

  it('asks which reader for a part of a session of several streams, and names the other session questions', () => {
    // Phy and Kilosort read the sorting folder of a session that also holds the raw recording.
    const tie: PendingRequest = {
      type: 'format_selection',
      message: 'More than one reader fits kilosort equally well. Choose one; the other streams of the session …',
      fields: [],
      options: [
        { value: 'KiloSortSortingInterface', label: 'KiloSortSortingInterface', description: '' },
        { value: 'PhySortingInterface', label: 'PhySortingInterface', description: '' },
      ],
    }
    const { panel } = renderPanel(tie, 0, 3)
    expect(within(panel).getByText('Which reader for this part of the session?')).toBeInTheDocument()
    expect(within(panel).queryByText('Which format is this recording?')).not.toBeInTheDocument()
    const together = {
      ...tie,
      options: [
        { value: 'together', label: 'All of them together (recommended)', description: '' },
        { value: 'Record Node 101', label: 'Only Record Node 101', description: '' },
      ],
    }
    expect(decisionTitle(together, 2)).toBe('One session, or several?')
    const rest = { ...tie, options: [{ value: 'without_unreadable', label: 'Convert the rest', description: '' }] }
    expect(decisionTitle(rest, 2)).toBe('Part of the session cannot be read')
    expect(decisionTitle(tie, 1)).toBe('Which format is this recording?') // one stream: the recording itself
  })

  it('points a request for values to its dialog, without repeating the list of questions', async () => {
    const request: PendingRequest = {
      type: 'user_input',
      purpose: 'correction_values',
      message:
        'I fixed by myself: the device description. To fix the remaining issues I need:\n- subject ID: Example: m042.\n- age: Example: P90.',
      fields: [
        { name: 'subject_id', required: true, description: 'The identifier' },
        { name: 'age', required: true, description: 'The age' },
      ],
      options: [],
    }
    const { panel, onOpenDialog } = renderPanel(request, 1)
    expect(within(panel).getByText('Values for the correction')).toBeInTheDocument()
    expect(within(panel).getByText(/To fix the remaining issues I need:$/)).toBeInTheDocument()
    expect(within(panel).queryByText(/subject ID: Example/)).not.toBeInTheDocument()
    await userEvent.click(within(panel).getByRole('button', { name: 'Answer the 2 questions' }))
    expect(onOpenDialog).toHaveBeenCalled()
  })
})
