import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { PendingRequest } from '../api/types'
import { FieldRequestDialog } from './FieldRequestDialog'

const REQUEST: PendingRequest = {
  type: 'metadata',
  message: 'Before converting, I need a few details about the animal.',
  fields: [
    { name: 'subject_id', required: true, description: 'Animal identifier', example: 'm042', why: 'DANDI groups files by subject.' },
    { name: 'age', required: true, description: 'Age at the session', example: 'P90D', why: 'Ages let others compare animals.' },
    { name: 'institution', required: false, description: 'Where the work was done', example: null, why: null },
  ],
  options: [],
}

function renderDialog(onSubmit = vi.fn()) {
  const onClose = vi.fn()
  render(<FieldRequestDialog request={REQUEST} open sending={false} onClose={onClose} onSubmit={onSubmit} />)
  return { onSubmit, onClose, dialog: screen.getByRole('dialog') }
}

describe('FieldRequestDialog', () => {
  it('lists each value with why it is needed and an example', () => {
    const { dialog } = renderDialog()
    expect(within(dialog).getByText(REQUEST.message)).toBeInTheDocument()
    expect(within(dialog).getByText('Why: DANDI groups files by subject.')).toBeInTheDocument()
    expect(within(dialog).getByText('Example: P90D')).toBeInTheDocument()
    expect(within(dialog).getByLabelText(/Subject ID/)).toBeRequired()
  })

  it('checks values inline before sending, then sends normalised fields and skips empty optional ones', async () => {
    const onSubmit = vi.fn().mockResolvedValue({ reply: 'Thank you.', accepted: {}, rejected: {}, next_action: 'processing' })
    const { dialog, onClose } = renderDialog(onSubmit)
    await userEvent.type(within(dialog).getByLabelText(/Subject ID/), 'm042')
    await userEvent.type(within(dialog).getByLabelText(/Age/), 'three months')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send answers' }))
    expect(within(dialog).getByText(/ISO 8601 duration, for example P90D/)).toBeInTheDocument()
    expect(onSubmit).not.toHaveBeenCalled()

    await userEvent.clear(within(dialog).getByLabelText(/Age/))
    await userEvent.type(within(dialog).getByLabelText(/Age/), '12 weeks')
    await userEvent.tab()
    expect(within(dialog).getByText('"12 weeks" written as P12W.')).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send answers' }))
    expect(onSubmit).toHaveBeenCalledWith({ subject_id: 'm042', age: 'P12W' }, ['institution'])
    await waitFor(() => expect(onClose).toHaveBeenCalled())
  })

  it('shows the reasons the server rejected a value next to its field and stays open', async () => {
    const onSubmit = vi.fn().mockResolvedValue({
      reply: 'One value needs another look.',
      accepted: { age: 'P90D' },
      rejected: { subject_id: 'This subject id is already used by another session.' },
      next_action: 'metadata',
    })
    const { dialog, onClose } = renderDialog(onSubmit)
    await userEvent.type(within(dialog).getByLabelText(/Subject ID/), 'm001')
    await userEvent.type(within(dialog).getByLabelText(/Age/), 'P90D')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send answers' }))
    expect(await within(dialog).findByText('This subject id is already used by another session.')).toBeInTheDocument()
    expect(within(dialog).getByText('One value needs another look.')).toBeInTheDocument()
    expect(onClose).not.toHaveBeenCalled()
  })

  it('asks for required values unless the user chooses to skip them', async () => {
    const onSubmit = vi.fn().mockResolvedValue({ reply: 'Understood.', accepted: {}, rejected: {}, next_action: 'processing' })
    const { dialog } = renderDialog(onSubmit)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send answers' }))
    expect(within(dialog).getAllByText(/Needed: give a value/)).toHaveLength(2)
    expect(onSubmit).not.toHaveBeenCalled()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Skip the empty ones' }))
    expect(onSubmit).toHaveBeenCalledWith({}, ['subject_id', 'age', 'institution'])
  })
})
