import { render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { PendingRequest } from '../api/types'
import { makeStatus } from '../test/fakeNetwork'
import { ConversationPanel } from './ConversationPanel'

const FORMAT_CHOICE: PendingRequest = {
  type: 'format_selection',
  message: 'Which reader should open these files?',
  fields: [],
  options: [
    { value: 'PhySortingInterface', label: 'Phy', description: '' },
    { value: 'KiloSortSortingInterface', label: 'KiloSort', description: '' },
  ],
}

function renderPanel(paused: boolean) {
  const status = makeStatus({ status: 'awaiting_user_input', pending_request: FORMAT_CHOICE })
  render(
    <ConversationPanel
      status={status}
      sending={false}
      paused={paused}
      onSend={vi.fn(async () => true)}
      onChoose={vi.fn()}
    />,
  )
}

describe('conversation panel', () => {
  it('offers the running conversation its quick replies and answer box', () => {
    renderPanel(false)
    expect(screen.getByRole('button', { name: 'Phy' })).toBeEnabled()
    expect(screen.getByLabelText('Message to the assistant')).toBeEnabled()
  })

  it('holds them back while a new recording is prepared, so nothing is answered for the other session by mistake', () => {
    renderPanel(true)
    expect(screen.queryByRole('button', { name: 'Phy' })).not.toBeInTheDocument()
    expect(screen.getByLabelText('Message to the assistant')).toBeDisabled()
    expect(screen.getByPlaceholderText(/new recording is being prepared/)).toBeInTheDocument()
  })
})
