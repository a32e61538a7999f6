import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { createApiClient } from '../api/client'
import type { SessionDetail, SessionSummary } from '../api/types'
import { fakeBackend } from '../test/fakeNetwork'
import { SessionsDialog } from './SessionsDialog'

const summary = (id: string, overrides: Partial<SessionSummary> = {}): SessionSummary => ({
  session_id: id,
  started_at: '2024-03-05T19:30:00Z',
  upload_name: `run_${id}`,
  status: 'completed',
  final_status: 'Accepted as is by you: valid with 2 best-practice suggestions',
  upload_bytes: 3_000_000,
  output_bytes: 2_000_000,
  log_bytes: 100_000,
  versions: 1,
  current: false,
  running: false,
  ...overrides,
})

const EARLIER = summary('20240305-143000-aaaaaa')
const RUNNING = summary('20240306-090000-bbbbbb', { status: 'processing', current: true, running: true })
const DETAIL: SessionDetail = {
  ...EARLIER,
  versions_list: [
    { version: 1, path: '/out/a/run_v1.nwb', sha256: 'a'.repeat(64), size_bytes: 2_000_000, made_by: 'conversion' },
  ],
  report_available: true,
  report_name: 'run_v1_evaluation_report.pdf',
}

function setUp() {
  let sessions = [RUNNING, EARLIER]
  const net = fakeBackend({
    'GET /api/sessions': () => ({
      status: 200,
      body: { sessions, current_session_id: RUNNING.session_id, total_bytes: 10_200_000 },
    }),
    [`GET /api/sessions/${EARLIER.session_id}`]: { status: 200, body: DETAIL },
    [`DELETE /api/sessions/${EARLIER.session_id}`]: () => {
      sessions = [RUNNING]
      return {
        status: 200,
        body: { session_id: EARLIER.session_id, freed_bytes: 5_100_000, removed: ['uploads'], message: 'Deleted.' },
      }
    },
  })
  const api = createApiClient({ adapter: net.adapter })
  render(<SessionsDialog api={api} open onClose={() => {}} eventCount={0} onError={vi.fn()} />)
  return net
}

describe('SessionsDialog', () => {
  it('lists the sessions with their sizes; the running one cannot be deleted', async () => {
    setUp()
    const earlier = await screen.findByTestId(`session-${EARLIER.session_id}`)
    expect(within(earlier).getByTestId('session-size')).toHaveTextContent('upload 2.9 MB')
    expect(earlier).toHaveTextContent('Accepted as is by you')
    const running = screen.getByTestId(`session-${RUNNING.session_id}`)
    expect(within(running).getByRole('button', { name: /Delete session/ })).toBeDisabled()
  })

  it("re-opens an earlier session with links to that session's files", async () => {
    setUp()
    await userEvent.click(await screen.findByRole('button', { name: `Open session ${EARLIER.upload_name}` }))
    const opened = await screen.findByTestId('opened-session')
    const base = `/api/sessions/${EARLIER.session_id}/download`
    expect(within(opened).getByTestId('download-latest')).toHaveAttribute('href', `${base}/nwb/v1`)
    expect(within(opened).getByTestId('download-report')).toHaveAttribute('href', `${base}/report`)
    expect(within(opened).getByTestId(`debug-bundle-${EARLIER.session_id}`)).toHaveAttribute(
      'href',
      `/api/debug-bundle?session_id=${EARLIER.session_id}`,
    )
  })

  it('deletes a session after asking, then lists what is left', async () => {
    const net = setUp()
    await userEvent.click(await screen.findByRole('button', { name: `Delete session ${EARLIER.upload_name}` }))
    await userEvent.click(screen.getByTestId('confirm-delete'))
    await waitFor(() => expect(screen.queryByTestId(`session-${EARLIER.session_id}`)).toBeNull())
    expect(net.calls.some((c) => c.method === 'DELETE' && c.url.endsWith(EARLIER.session_id))).toBe(true)
    expect(screen.getByTestId('sessions-notice')).toHaveTextContent('Deleted.')
  })
})
