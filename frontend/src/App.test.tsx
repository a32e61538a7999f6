import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import App from './App'
import { createApiClient } from './api/client'
import { JUST_CONVERT_MESSAGE } from './api/pendingRequest'
import type { PendingRequest, StatusResponse } from './api/types'
import { CATALOGUE, checkAnswer } from './test/catalogue'
import { FakeWebSocket, fakeBackend, makeStatus, SERVICE_INFO } from './test/fakeNetwork'

const WARNINGS = makeStatus({
  session_id: 's1',
  status: 'awaiting_user_input',
  overall_status: 'PASSED_WITH_ISSUES',
  validation_details: { CRITICAL: 0, ERROR: 0, WARNING: 1, BEST_PRACTICE: 3, INFO: 0 },
  verdict: 'Valid with 1 warning, 3 best-practice suggestions',
  issues: [
    {
      check_name: 'check_electrodes_location_allen_ccf',
      severity: 'WARNING',
      importance: 'BEST_PRACTICE_VIOLATION',
      message: "Electrode location 'unknown' is not an Allen CCF term.",
      explanation: 'DANDI searches recordings by brain area.',
      category: 'best_practice',
      fix_kind: 'ask',
    },
  ],
  versions: [
    { version: 1, path: '/out/run_v1.nwb', sha256: 'ab'.repeat(32), size_bytes: 2_500_000, made_by: 'conversion' },
  ],
  pending_request: {
    type: 'improvement_approval',
    message: 'The file is valid with 4 warnings or suggestions. Improve it, or accept it as is?',
    fields: [],
    options: [
      { value: 'improve', label: 'Improve', description: '' },
      { value: 'accept', label: 'Accept as is', description: '' },
    ],
  },
})

// The round-1 question the backend asks after an upload without metadata (shortened).
const METADATA_REQUEST: PendingRequest = {
  type: 'metadata',
  message:
    'Before I convert, I need a few details for DANDI:\n- subject ID: Example: m042.\n- species: Example: mouse.\nYou can answer in one sentence.',
  fields: [
    {
      name: 'subject_id',
      required: true,
      description: 'The identifier of the animal.',
      example: 'm042',
      why: 'DANDI names files after the subject.',
    },
    {
      name: 'species',
      required: true,
      description: 'The species.',
      example: 'mouse (Mus musculus)',
      why: 'DANDI requires the species.',
    },
  ],
  options: [],
}
const ASKING = makeStatus({
  session_id: 's1',
  status: 'awaiting_user_input',
  pending_request: METADATA_REQUEST,
  conversation: [{ role: 'assistant', text: METADATA_REQUEST.message, timestamp: '2024-03-05T19:30:00Z' }],
})

const FAILED = makeStatus({
  session_id: 's1',
  status: 'awaiting_user_input',
  overall_status: 'FAILED',
  validation_details: { CRITICAL: 1, ERROR: 0, WARNING: 0, BEST_PRACTICE: 5, INFO: 0 },
  verdict: 'Failed validation with 1 critical issue, 5 best-practice suggestions',
  versions: [
    { version: 1, path: '/out/run_v1.nwb', sha256: 'cd'.repeat(32), size_bytes: 2_500_000, made_by: 'conversion' },
  ],
  pending_request: {
    type: 'retry_approval',
    message: 'Attempt 1: the file did not pass validation.',
    fields: [],
    options: [
      { value: 'approve', label: 'Approve', description: 'Apply the fixes below and convert again' },
      { value: 'decline', label: 'Decline', description: 'Keep this version with its errors' },
    ],
  },
})

const CORRECTION_REQUEST = {
  type: 'user_input',
  purpose: 'correction_values',
  message: 'I fixed by myself: the device description. To fix the remaining issues I need a few values only you know:',
  fields: [
    { name: 'subject_id', required: true, description: 'The identifier of the animal.', example: 'm042' },
    {
      name: 'subject_description',
      required: true,
      description: 'A sentence about the subject.',
      example: 'Adult C57BL/6J mouse, head-fixed',
    },
  ],
  options: [],
} satisfies PendingRequest

let status: StatusResponse

/** The service moved on: the next event makes the page fetch /api/status again. */
function serviceMovesTo(next: StatusResponse) {
  status = next
  act(() => FakeWebSocket.latest().receive({ type: 'awaiting_input', message: next.message, status: next.status }))
}

const postsTo = (net: ReturnType<typeof fakeBackend>, url: string) =>
  net.calls
    .filter((call) => call.method === 'POST' && call.url === url)
    .map((call) => (call.data === undefined ? null : JSON.parse(call.data as string)))

beforeEach(() => {
  FakeWebSocket.instances = []
  vi.spyOn(console, 'error').mockImplementation(() => {})
})
afterEach(() => vi.restoreAllMocks())

function renderApp(routes: Parameters<typeof fakeBackend>[0] = {}) {
  const net = fakeBackend({
    'GET /api/info': { status: 200, body: SERVICE_INFO },
    'GET /api/status': () => ({ status: 200, body: status }),
    'GET /api/metadata/fields': { status: 200, body: CATALOGUE },
    'POST /api/metadata/check': (call) => ({ status: 200, body: checkAnswer(JSON.parse(call.data as string).values) }),
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
    renderApp({
      'POST /api/retry-approval': { status: 200, body: { status: 'completed', message: 'Accepted as is.' } },
    })
    await connectWith(WARNINGS)
    // The banner and the chips name the same counts the same way.
    expect(await screen.findByText('Valid with 1 warning, 3 best-practice suggestions')).toBeInTheDocument()
    expect(screen.getByTestId('count-WARNING')).toHaveTextContent('Warnings: 1')
    expect(screen.getByTestId('count-BEST_PRACTICE')).toHaveTextContent('Best-practice suggestions: 3')
    expect(screen.getByTestId('sha256-v1')).toHaveTextContent(`SHA-256 ${'ab'.repeat(32)}`)
    expect(screen.getByText('LLM: offline (rules, no network)')).toBeInTheDocument()
    const decision = screen.getByTestId('decision')
    expect(within(decision).getByRole('button', { name: 'Improve (attempt 2)' })).toBeInTheDocument()
  })

  it('accepting as is calls /api/retry-approval and shows the final status from the next event', async () => {
    const net = renderApp({
      'POST /api/retry-approval': { status: 200, body: { status: 'completed', message: 'Accepted as is.' } },
    })
    await connectWith(WARNINGS)
    status = {
      ...WARNINGS,
      status: 'completed',
      validation_status: 'passed_accepted',
      pending_request: null,
      message: 'File accepted as is.',
    }
    await userEvent.click(within(screen.getByTestId('decision')).getByRole('button', { name: 'Accept as is' }))
    await waitFor(() => expect(net.calls.some((call) => call.url === '/api/retry-approval')).toBe(true))
    const approval = net.calls.find((call) => call.url === '/api/retry-approval')
    expect(JSON.parse(approval?.data as string)).toEqual({ approved: false, accept_as_is: true })
    expect(await screen.findByTestId('final-status')).toHaveTextContent('Done: you accepted the file as it is')
    expect(screen.queryByTestId('decision')).not.toBeInTheDocument()
    expect(within(screen.getByRole('log')).getByText('File accepted as is.')).toBeInTheDocument()
  })

  it('moves the progress bar from progress events and catches up after a reconnect', async () => {
    renderApp()
    const processing = makeStatus({
      session_id: 's1',
      status: 'processing',
      stages: [
        { name: 'conversion', status: 'in_progress' },
        { name: 'evaluation', status: 'pending' },
        { name: 'report_generation', status: 'pending' },
      ],
    })
    await connectWith(processing)
    act(() =>
      FakeWebSocket.latest().receive({
        type: 'progress',
        stage: 'conversion',
        message: 'Writing imec0.ap',
        metadata: { percent: 42 },
      }),
    )
    expect(await screen.findByText('42%')).toBeInTheDocument()
    expect(screen.getByTestId('progress-message')).toHaveTextContent('Writing imec0.ap')

    act(() => FakeWebSocket.latest().drop())
    expect(await screen.findByTestId('connection-lost')).toBeInTheDocument()
    status = { ...WARNINGS }
    await waitFor(() => expect(FakeWebSocket.instances.length).toBe(2), { timeout: 2000 })
    act(() => FakeWebSocket.latest().open())
    expect(await screen.findByText('Valid with 1 warning, 3 best-practice suggestions')).toBeInTheDocument()
    expect(screen.queryByTestId('connection-lost')).not.toBeInTheDocument()
  })

  it('says the service is busy when the upload gets 409, and the message can be dismissed', async () => {
    renderApp({
      'POST /api/upload': {
        status: 409,
        body: {
          error_code: 'busy',
          message: 'The system is busy with another conversion. Wait for it to finish.',
          error_id: 'E-9',
          details: {},
        },
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
        return allowed
          ? { status: 200, body: { ...SERVICE_INFO, auth_required: true } }
          : {
              status: 401,
              body: { error_code: 'unauthorized', message: 'This service requires an API token.', error_id: 'E-5' },
            }
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

  it('asks the metadata questions in a dialog, and takes the answer in one sentence in the chat instead', async () => {
    const net = renderApp({
      'POST /api/user-input': {
        status: 200,
        body: {
          reply: 'Thank you; converting now.',
          accepted: { subject_id: 'm042' },
          rejected: {},
          next_action: 'processing',
        },
      },
    })
    await connectWith(ASKING)
    const dialog = await screen.findByRole('dialog', { name: 'Before converting: about this recording' })
    expect(within(dialog).getByText('Why: DANDI names files after the subject.')).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Answer in the chat instead' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    const chat = screen.getByRole('textbox', { name: 'Message to the assistant' })
    await waitFor(() => expect(chat).toHaveFocus())
    await userEvent.type(chat, 'Mouse m042, female{Enter}')
    await waitFor(() => expect(postsTo(net, '/api/user-input')).toEqual([{ message: 'Mouse m042, female' }]))
    expect(chat).toHaveValue('')
    // Closed, the dialog stays closed for this question; the decision panel opens it again.
    await userEvent.click(
      within(screen.getByTestId('decision')).getByRole('button', { name: 'Answer the 2 questions' }),
    )
    expect(await screen.findByRole('dialog')).toBeInTheDocument()
  })

  it('"just convert" from the quick replies skips the questions', async () => {
    const net = renderApp({
      'POST /api/user-input': {
        status: 200,
        body: {
          reply: 'No more questions. Converting now.',
          accepted: {},
          rejected: {},
          next_action: 'processing',
        },
      },
    })
    await connectWith(ASKING)
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Answer in the chat instead' }),
    )
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await userEvent.click(screen.getByRole('button', { name: 'Just convert, skip the questions' }))
    await waitFor(() => expect(postsTo(net, '/api/user-input')).toEqual([{ message: JUST_CONVERT_MESSAGE }]))
  })

  it('a stop button ends a session that waits for its first answers', async () => {
    const net = renderApp({ 'POST /api/cancel': { status: 200, body: { status: 'idle', message: 'Cancelled.' } } })
    await connectWith(ASKING)
    await screen.findByRole('dialog')
    await userEvent.keyboard('{Escape}') // close the dialog
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await userEvent.click(screen.getByRole('button', { name: 'Stop this conversion' }))
    await waitFor(() => expect(postsTo(net, '/api/cancel')).toHaveLength(1))
  })

  it('approving a failed file opens the correction dialog; values the service refuses show next to the field it asks again', async () => {
    const net = renderApp({
      'POST /api/retry-approval': {
        status: 200,
        body: { status: 'awaiting_user_input', message: 'Asking.', next_action: 'user_input' },
      },
      'POST /api/user-input': () => {
        // The service re-asks the refused value before its answer reaches the page.
        status = {
          ...status,
          pending_request: {
            ...CORRECTION_REQUEST,
            message: "Some answers could not be used: 'x' is too short.",
            fields: [CORRECTION_REQUEST.fields[1]],
          },
        }
        act(() => FakeWebSocket.latest().receive({ type: 'awaiting_input', message: 'asked again' }))
        return {
          status: 200,
          body: {
            reply: 'Saved subject_id: m042.',
            accepted: { subject_id: 'm042' },
            rejected: { subject_description: "'x' is too short to describe anything." },
            next_action: 'user_input',
          },
        }
      },
    })
    await connectWith(FAILED)
    expect(
      await screen.findByText('Failed validation with 1 critical issue, 5 best-practice suggestions'),
    ).toBeInTheDocument()
    await userEvent.click(within(screen.getByTestId('decision')).getByRole('button', { name: 'Approve (attempt 2)' }))
    expect(postsTo(net, '/api/retry-approval')).toEqual([{ approved: true, accept_as_is: false }])
    serviceMovesTo({ ...FAILED, correction_attempt: 1, pending_request: CORRECTION_REQUEST })

    const dialog = await screen.findByRole('dialog', { name: 'Values for the correction' })
    await userEvent.type(within(dialog).getByLabelText(/Subject ID/), 'm042')
    await userEvent.type(within(dialog).getByLabelText(/Subject description/), 'x')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send answers' }))
    expect(postsTo(net, '/api/user-input')).toEqual([{ fields: { subject_id: 'm042', subject_description: 'x' } }])

    const again = await screen.findByRole('dialog', { name: 'Values for the correction' })
    await waitFor(() => expect(within(again).getByText("'x' is too short to describe anything.")).toBeInTheDocument())
    expect(within(again).queryByLabelText(/Subject ID/)).not.toBeInTheDocument()
    expect(within(again).getByText("Some answers could not be used: 'x' is too short.")).toBeInTheDocument()
  })

  it('answers the ways out of a stuck correction in words', async () => {
    const net = renderApp({
      'POST /api/user-input': {
        status: 200,
        body: { reply: 'You stopped the corrections.', accepted: {}, rejected: {}, next_action: 'done' },
      },
    })
    await connectWith({
      ...FAILED,
      correction_attempt: 1,
      pending_request: {
        type: 'user_input',
        purpose: 'no_progress',
        message: 'Attempt 1 changed nothing.',
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
      },
    })
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await userEvent.click(within(await screen.findByTestId('decision')).getByRole('button', { name: 'Stop' }))
    await waitFor(() => expect(postsTo(net, '/api/user-input')).toEqual([{ message: 'stop' }]))
  })

  it('sends the chosen format by its value and shows why the service refused it', async () => {
    const net = renderApp({
      'POST /api/user-input': {
        status: 422,
        body: {
          error_code: 'bad_input',
          message: 'Still needed: sampling_frequency (Sampling rate, e.g. 25000).',
          error_id: 'E-7',
          details: {},
        },
      },
    })
    await connectWith(
      makeStatus({
        session_id: 's1',
        status: 'awaiting_user_input',
        pending_request: {
          type: 'format_selection',
          message: 'These files have no header that names their format.',
          fields: [],
          options: [
            {
              value: 'WhiteMatterRecordingInterface',
              label: 'WhiteMatter',
              description: 'Reads recording.bin; needs sampling_frequency',
            },
          ],
        },
      }),
    )
    await userEvent.click(within(await screen.findByTestId('decision')).getByRole('button', { name: 'WhiteMatter' }))
    await waitFor(() =>
      expect(postsTo(net, '/api/user-input')).toEqual([{ fields: { format: 'WhiteMatterRecordingInterface' } }]),
    )
    expect(await screen.findByTestId('error-request')).toHaveTextContent(
      'Still needed: sampling_frequency (Sampling rate, e.g. 25000). (error id E-7)',
    )
  })

  it('offers to try again after the service failed on its own, not after the user declined', async () => {
    const net = renderApp({
      'POST /api/retry-approval': { status: 200, body: { status: 'processing', message: 'Trying again.' } },
    })
    const crashed = makeStatus({
      session_id: 's1',
      status: 'failed',
      message: 'NeuroConv could not convert the recording.',
      failure: { reason: 'conversion_failed', message: 'NeuroConv could not convert the recording.', error_id: 'E-1' },
    })
    await connectWith(crashed)
    const failure = await screen.findByTestId('failure')
    expect(failure).toHaveTextContent('NeuroConv could not convert the recording. (error id E-1)')
    await userEvent.click(within(failure).getByRole('button', { name: 'Try again' }))
    expect(postsTo(net, '/api/retry-approval')).toEqual([{ approved: true, accept_as_is: false }])

    serviceMovesTo({
      ...FAILED,
      status: 'failed',
      pending_request: null,
      validation_status: 'failed_user_declined',
      failure: { reason: 'user_declined', message: 'The user declined corrections.' },
    })
    expect(await screen.findByTestId('final-status')).toHaveTextContent('Stopped: you declined the corrections')
    expect(screen.queryByTestId('failure')).not.toBeInTheDocument()
  })

  it('forgets refusals once the user decides: the next round asks afresh', async () => {
    const refusal = "'x' is too short to describe anything."
    renderApp({
      'POST /api/user-input': {
        status: 200,
        body: {
          reply: 'Converting with what I have.',
          accepted: {},
          rejected: { subject_description: refusal },
          next_action: 'processing',
        },
      },
      'POST /api/retry-approval': { status: 200, body: { status: 'awaiting_user_input', message: 'Asking.' } },
    })
    const asking = { ...FAILED, correction_attempt: 1, pending_request: CORRECTION_REQUEST }
    await connectWith(asking)
    const dialog = await screen.findByRole('dialog', { name: 'Values for the correction' })
    await userEvent.type(within(dialog).getByLabelText(/Subject description/), 'x')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Skip the empty ones' }))
    expect(await within(dialog).findByText(refusal)).toBeInTheDocument()

    serviceMovesTo({ ...WARNINGS, correction_attempt: 1 })
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await userEvent.click(
      within(await screen.findByTestId('decision')).getByRole('button', { name: 'Improve (attempt 3)' }),
    )
    serviceMovesTo({
      ...asking,
      correction_attempt: 2,
      pending_request: { ...CORRECTION_REQUEST, message: 'To fix the remaining issues I need:' },
    })
    const next = await screen.findByRole('dialog', { name: 'Values for the correction' })
    expect(within(next).getByText('To fix the remaining issues I need:')).toBeInTheDocument()
    expect(within(next).queryByText(refusal)).not.toBeInTheDocument()
  })
})
