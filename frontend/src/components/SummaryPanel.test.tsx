import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import type { PendingRequest } from '../api/types'
import { withCatalogue } from '../test/catalogue'
import { SummaryPanel } from './SummaryPanel'

// Shaped like the backend's summary before the first conversion (agents/conversation/summary.py).
const SUMMARY = {
  type: 'metadata',
  purpose: 'confirm_summary',
  message: 'This goes into the file: species: Mus musculus; age: P12W. Confirm to convert, or change a value first.',
  fields: [
    { name: 'species', required: false, description: 'The species.', suggested: 'Mus musculus' },
    { name: 'age', required: false, description: 'The age.', suggested: 'P12W' },
  ],
  options: [{ value: 'confirm', label: 'Write these values', description: 'Convert with them' }],
} satisfies PendingRequest

function renderSummary() {
  const onConfirm = vi.fn()
  const onSubmit = vi.fn().mockResolvedValue({
    ok: true,
    value: { reply: 'Changed.', accepted: {}, rejected: {}, next_action: 'processing' },
  })
  const { ui } = withCatalogue(
    <SummaryPanel request={SUMMARY} sending={false} onConfirm={onConfirm} onSubmit={onSubmit} />,
  )
  render(ui)
  return { onConfirm, onSubmit, panel: screen.getByRole('region', { name: 'What goes into the file' }) }
}

describe('SummaryPanel', () => {
  it('shows what goes into the file, and one click writes it', async () => {
    const { onConfirm, onSubmit, panel } = renderSummary()
    expect(await within(panel).findByLabelText(/^Age/)).toHaveValue('P12W')
    expect(within(panel).getByRole('combobox', { name: /Species/ })).toHaveValue('Mus musculus')
    await userEvent.click(within(panel).getByRole('button', { name: 'Write these values' }))
    expect(onConfirm).toHaveBeenCalledWith(SUMMARY.options[0])
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('sends only the values changed in place', async () => {
    const { onConfirm, onSubmit, panel } = renderSummary()
    const age = await within(panel).findByLabelText(/^Age/)
    await userEvent.clear(age)
    await userEvent.type(age, '13 weeks')
    await userEvent.click(within(panel).getByRole('button', { name: 'Write these values' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ age: '13 weeks' }, []))
    expect(onConfirm).not.toHaveBeenCalled()
  })
})
