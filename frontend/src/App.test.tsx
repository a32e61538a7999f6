import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import App from './App'
import { createApiClient } from './api/client'
import type { StatusResponse } from './api/types'
import { FakeWebSocket, SERVICE_INFO, fakeBackend, makeStatus } from './test/fakeNetwork'

const WARNINGS = makeStatus({
  session_id: 's1',
  status: 'awaiting_user_input',
  overall_status: 'PASSED_WITH_ISSUES',
  validation_details: { CRITICAL: 0, ERROR: 0, WARNING: 1, BEST_PRACTICE: 3, INFO: 0 },
  issues: [
    {
      check_name: 'check_electrodes_location_allen_ccf',
      severity: 'WARNING',
      importance: 'BEST_PRACTICE_VIOLATION',
      message: "Electrode location 'unknown' is not an Allen CCF term.",
      explanation: 'DANDI searches recordings by brain area.',
      fix_kind: 'ask',
    },
  ],
  versions: [{ version: 1, path: '/out/run_v1.nwb', sha256: 'ab'.repeat(32), size_bytes: 2_500_000 }],
  pending_request: {
    type: 'improvement_approval',
    message: 'The file is valid with 4 warnings or suggestions. Improve it, or accept it as is?',
    fields: [],
    options: [
      { value: 'improve', label: 'Improve' },
      { value: 'accept', label: 'Accept as is' },
    ],
  },
})

let status: StatusResponse

beforeEach(() => {
  FakeWebSocket.instances = []
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => vi.restoreAllMocks())

function renderApp(routes: Parameters<typeof fakeBackend>[0] = {}) {
  const net = fakeBackend({
    'GET /api/info': { status: 200, body: SERVICE_INFO },
    'GET /api/status': () => ({ status: 200, body: status }),
    ...routes,
  })
  const api = createApiClient({ adapter: net.adapter })
  vi.stubGlobal('WebSocket', FakeWebSocket)
  render(<App api={api} socketUrl="ws://test/ws" />)
  return net
}

async function connectWith(snapshot: StatusResponse) {
  status = snapshot
  await waitFor(() => expect(FakeWebSocket.instances.length).toBeGreaterThan(0))
  act(() => {
    FakeWebSocket.latest().open()
    FakeWebSocket.latest().receive({ type: 'notification', message: 'connected', metadata: { snapshot } })
  })
  // Let the catch-up /api/status that follows every connection land.
  await act(() => new Promise((done) => setTimeout(done, 20)))
}

describe('App', () => {
  it('shows the verdict, counts, versions and the decision with the attempt it would start', async () => {
    renderApp({ 'POST /api/retry-approval': { status: 200, body: { status: 'completed', message: 'Accepted as is.' } } })
    await connectWith(WARNINGS)
    expect(await screen.findByText('Valid with 4 warnings')).toBeInTheDocument()
    expect(screen.getByTestId('count-WARNING')).toHaveTextContent('Warnings: 1')
    expect(screen.getByTestId('sha256-v1')).toHaveTextContent(`SHA-256 ${'ab'.repeat(32)}`)
    expect(screen.getByText('LLM: offline (rules, no network)')).toBeInTheDocument()
    const decision = screen.getByTestId('decision')
    expect(within(decision).getByRole('button', { name: 'Improve (attempt 2)' })).toBeInTheDocument()
  })

  it('accepting as is calls /api/retry-approval and shows the final status from the next event', async () => {
    const net = renderApp({ 'POST /api/retry-approval': { status: 200, body: { status: 'completed', message: 'Accepted as is.' } } })
    await connectWith(WARNINGS)
    status = { ...WARNINGS, status: 'completed', validation_status: 'passed_accepted', pending_request: null, message: 'File accepted as is.' }
    await userEvent.click(within(screen.getByTestId('decision')).getByRole('button', { name: 'Accept as is' }))
    await waitFor(() => expect(net.calls.some((call) => call.url === '/api/retry-approval')).toBe(true))
    const approval = net.calls.find((call) => call.url === '/api/retry-approval')
    expect(JSON.parse(approval?.data as string)).toEqual({ approved: false, accept_as_is: true })
    expect(await screen.findByTestId('final-status')).toHaveTextContent('Accepted as is (passed_accepted)')
    expect(screen.queryByTestId('decision')).not.toBeInTheDocument()
    expect(within(screen.getByRole('log')).getByText('File accepted as is.')).toBeInTheDocument()
  })

  it('moves the progress bar from progress events and catches up after a reconnect', async () => {
    renderApp()
    const processing = makeStatus({ session_id: 's1', status: 'processing', stages: [{ name: 'conversion', status: 'in_progress' }, { name: 'evaluation', status: 'pending' }, { name: 'report_generation', status: 'pending' }] })
    await connectWith(processing)
    act(() => FakeWebSocket.latest().receive({ type: 'progress', stage: 'conversion', message: 'Writing imec0.ap', metadata: { percent: 42 } }))
    expect(await screen.findByText('42%')).toBeInTheDocument()
    expect(screen.getByTestId('progress-message')).toHaveTextContent('Writing imec0.ap')

    act(() => FakeWebSocket.latest().drop())
    expect(await screen.findByTestId('connection-lost')).toBeInTheDocument()
    status = { ...WARNINGS }
    await waitFor(() => expect(FakeWebSocket.instances.length).toBe(2), { timeout: 2000 })
    act(() => FakeWebSocket.latest().open())
    expect(await screen.findByText('Valid with 4 warnings')).toBeInTheDocument()
    expect(screen.queryByTestId('connection-lost')).not.toBeInTheDocument()
  })

  it('says the service is busy when the upload gets 409, and the message can be dismissed', async () => {
    renderApp({
      'POST /api/upload': {
        status: 409,
        body: { error_code: 'busy', message: 'The system is busy with another conversion. Wait for it to finish.', error_id: 'E-9', details: {} },
      },
    })
    await connectWith(makeStatus())
    const folder = new File(['x'], 'a.ap.bin')
    Object.defineProperty(folder, 'webkitRelativePath', { value: 'run_g0/a.ap.bin' })
    await userEvent.upload(screen.getByTestId('folder-input'), folder)
    await userEvent.click(screen.getByRole('button', { name: 'Start conversion' }))
    const alert = await screen.findByTestId('error-busy')
    expect(alert).toHaveTextContent('The system is busy with another conversion')
    expect(alert).toHaveTextContent('E-9')
    await userEvent.click(within(alert).getByRole('button', { name: 'Dismiss this message' }))
    await waitFor(() => expect(screen.queryByTestId('error-busy')).not.toBeInTheDocument())
  })

  it('asks for the API token when the service answers 401, and sends it afterwards', async () => {
    let allowed = false
    const net = renderApp({
      'GET /api/info': (call) => {
        allowed = call.headers.get('Authorization') === 'Bearer tok'
        return allowed ? { status: 200, body: { ...SERVICE_INFO, auth_required: true } } : { status: 401, body: { error_code: 'unauthorized', message: 'This service requires an API token.', error_id: 'E-5' } }
      },
    })
    status = makeStatus()
    const dialog = await screen.findByRole('dialog', { name: 'API token needed' })
    await userEvent.type(within(dialog).getByLabelText('API token'), 'tok')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Continue' }))
    await waitFor(() => expect(allowed).toBe(true))
    expect(sessionStorage.getItem('agentic-neurodata.api-token')).toBe('tok')
    await waitFor(() => expect(FakeWebSocket.latest().url).toBe('ws://test/ws?token=tok'))
    expect(net.calls.filter((call) => call.url === '/api/info').length).toBeGreaterThanOrEqual(2)
  })
})
