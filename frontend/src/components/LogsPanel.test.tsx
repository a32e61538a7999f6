import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { createApiClient } from '../api/client'
import { fakeBackend } from '../test/fakeNetwork'
import { LogsPanel } from './LogsPanel'

const ENTRIES = [
  { timestamp: '2024-03-05T19:30:00Z', level: 'INFO', component: 'api', message: 'Received 4 files', details: {} },
  {
    timestamp: '2024-03-05T19:30:05Z',
    level: 'ERROR',
    component: 'conversion_agent',
    message: 'Conversion failed',
    details: {},
  },
]

describe('LogsPanel', () => {
  it('shows the newest entry first, coloured by level, and filters by level on the server', async () => {
    const net = fakeBackend({
      'GET /api/logs': (call) => ({
        status: 200,
        body: {
          session_id: 's1',
          count: 2,
          entries: (call.params as { level?: string }).level === 'ERROR' ? ENTRIES.slice(1) : ENTRIES,
        },
      }),
    })
    render(
      <LogsPanel
        api={createApiClient({ adapter: net.adapter })}
        open
        onClose={vi.fn()}
        eventCount={0}
        onError={vi.fn()}
      />,
    )
    const list = screen.getByTestId('log-entries')
    await waitFor(() => expect(list.querySelectorAll('[data-level]')).toHaveLength(2))
    const levels = [...list.querySelectorAll('[data-level]')].map((node) => node.getAttribute('data-level'))
    expect(levels).toEqual(['ERROR', 'INFO'])

    await userEvent.click(screen.getByRole('combobox', { name: 'Level' }))
    await userEvent.click(screen.getByRole('option', { name: 'Errors only' }))
    await waitFor(() => expect(list.querySelectorAll('[data-level]')).toHaveLength(1))
    expect(within(list).getByText('Conversion failed')).toBeInTheDocument()
    expect(net.calls.at(-1)?.params).toEqual({ limit: 500, level: 'ERROR' })
  })
})
