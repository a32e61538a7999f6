import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '../api/errors'
import type { PendingRequest } from '../api/types'
import { type CheckAnswers, withCatalogue } from '../test/catalogue'
import { FieldRequestDialog } from './FieldRequestDialog'

// Shaped like the backend's round-1 metadata request: a bullet list the fields repeat, then a hint.
const REQUEST = {
  type: 'metadata',
  message:
    'Before I convert, I need a few details for DANDI:\n- subject ID: The identifier. Example: m042.\n- age: The age. Example: P90.\nYou can answer in one sentence.',
  fields: [
    {
      name: 'subject_id',
      required: true,
      description: 'Animal identifier',
      example: 'm042',
      why: 'DANDI groups files by subject.',
    },
    {
      name: 'age',
      required: true,
      description: 'Age at the session',
      example: 'P90D',
      why: 'Ages let others compare animals.',
    },
    { name: 'institution', required: false, description: 'Where the work was done', example: null, why: null },
  ],
  options: [],
} satisfies PendingRequest

const accepted = (rejected: Record<string, string> = {}, reply = 'Thank you.') => ({
  ok: true as const,
  value: { reply, accepted: {}, rejected, next_action: 'processing' },
})

function renderDialog(
  request: PendingRequest = REQUEST,
  onSubmit = vi.fn(),
  serverRejections?: Record<string, string>,
  answers: CheckAnswers = {},
) {
  const onClose = vi.fn()
  const onAnswerInChat = vi.fn()
  const { ui, checkMetadata } = withCatalogue(
    <FieldRequestDialog
      request={request}
      open
      sending={false}
      serverRejections={serverRejections}
      onClose={onClose}
      onAnswerInChat={onAnswerInChat}
      onSubmit={onSubmit}
    />,
    answers,
  )
  const view = render(ui)
  return { onSubmit, onClose, onAnswerInChat, view, checkMetadata, dialog: screen.getByRole('dialog') }
}

describe('FieldRequestDialog', () => {
  it('lists each value with why it is needed and an example, required ones first, without repeating the bullet list', async () => {
    const { dialog } = renderDialog()
    await within(dialog).findByLabelText(/Subject ID/)
    expect(within(dialog).getByRole('heading', { name: 'Before converting: about this recording' })).toBeInTheDocument()
    expect(
      within(dialog).getByText(/Before I convert, I need a few details for DANDI:\s+You can answer in one sentence\./),
    ).toBeInTheDocument()
    expect(within(dialog).queryByText(/- subject ID: The identifier/)).not.toBeInTheDocument()
    expect(within(dialog).getByText('Why: DANDI groups files by subject.')).toBeInTheDocument()
    expect(within(dialog).getByText('Example: P90D')).toBeInTheDocument()
    expect(within(dialog).getByLabelText(/Subject ID/)).toBeRequired()
    expect(within(dialog).getByLabelText(/Institution/)).not.toBeRequired()
    const headings = within(dialog)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent)
    expect(headings).toEqual(['Required', 'Recommended for DANDI (optional)'])
  })

  it("shows the server's reading of each value before sending, then sends what was typed and skips empty optional ones", async () => {
    const onSubmit = vi.fn().mockResolvedValue(accepted())
    const answers: CheckAnswers = {
      age: (typed) =>
        typed === '12 weeks'
          ? { value: 'P12W', note: "'12 weeks' -> P12W." }
          : { error: `'${typed}' is not an age I can read.`, example: "'12 weeks'" },
    }
    const { dialog, onClose, checkMetadata } = renderDialog(REQUEST, onSubmit, undefined, answers)
    await userEvent.type(await within(dialog).findByLabelText(/Subject ID/), 'm042')
    await userEvent.type(within(dialog).getByLabelText(/Age/), 'old')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send answers' }))
    expect(await within(dialog).findByText("'old' is not an age I can read. Example: '12 weeks'")).toBeInTheDocument()
    expect(onSubmit).not.toHaveBeenCalled()

    await userEvent.clear(within(dialog).getByLabelText(/Age/))
    await userEvent.type(within(dialog).getByLabelText(/Age/), '12 weeks')
    await userEvent.tab()
    expect(await within(dialog).findByText("'12 weeks' -> P12W.")).toBeInTheDocument()
    expect(checkMetadata).toHaveBeenCalledWith({ age: '12 weeks' })
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send answers' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ subject_id: 'm042', age: '12 weeks' }, ['institution']))
    await waitFor(() => expect(onClose).toHaveBeenCalled())
  })

  it('asks back a value the words may not say exactly, and one click takes the reading', async () => {
    const request = { ...REQUEST, fields: [{ name: 'species', required: true, description: 'The species' }] }
    const onSubmit = vi.fn().mockResolvedValue(accepted())
    const answers: CheckAnswers = {
      species: (typed) =>
        typed === 'monkey'
          ? {
              question: 'Did you mean rhesus macaque (Macaca mulatta)?',
              proposals: [{ value: 'Macaca mulatta', label: 'rhesus macaque (Macaca mulatta)' }],
            }
          : { value: typed },
    }
    const { dialog } = renderDialog(request, onSubmit, undefined, answers)
    const species = await within(dialog).findByRole('combobox', { name: /Species/ })
    await userEvent.type(species, 'monkey')
    await userEvent.tab()
    const asked = await within(dialog).findByTestId('confirm-species')
    expect(asked).toHaveTextContent('Did you mean rhesus macaque (Macaca mulatta)?')
    await userEvent.click(within(asked).getByRole('button', { name: 'Yes, rhesus macaque (Macaca mulatta)' }))
    expect(species).toHaveValue('Macaca mulatta')
    await waitFor(() => expect(within(dialog).queryByTestId('confirm-species')).not.toBeInTheDocument())
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send answers' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ species: 'Macaca mulatta' }, []))
  })

  it('shows the reasons the server refused a value next to its field and stays open', async () => {
    const onSubmit = vi
      .fn()
      .mockResolvedValue(
        accepted(
          { subject_id: 'This subject id is already used by another session.' },
          'One value needs another look.',
        ),
      )
    const { dialog, onClose } = renderDialog(REQUEST, onSubmit)
    await userEvent.type(await within(dialog).findByLabelText(/Subject ID/), 'm001')
    await userEvent.type(within(dialog).getByLabelText(/Age/), 'P90D')
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send answers' }))
    expect(await within(dialog).findByText('This subject id is already used by another session.')).toBeInTheDocument()
    expect(within(dialog).getByText('One value needs another look.')).toBeInTheDocument()
    expect(onClose).not.toHaveBeenCalled()
  })

  it('shows refusals that arrive with a re-asked question next to the fields still asked', async () => {
    const reasked = { ...REQUEST, fields: [REQUEST.fields[1]] }
    const { dialog } = renderDialog(reasked, vi.fn(), {
      age: "'200 years' is older than any animal lives.",
      lab: 'not asked here',
    })
    expect(await within(dialog).findByText("'200 years' is older than any animal lives.")).toBeInTheDocument()
    expect(within(dialog).queryByText('not asked here')).not.toBeInTheDocument()
  })

  it('keeps a failed call inside the dialog, with the error id', async () => {
    const error = new ApiError('request', 'Still needed: num_channels.', { status: 422, errorId: 'E-42' })
    const onSubmit = vi.fn().mockResolvedValue({ ok: false, error })
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { dialog, onClose } = renderDialog(REQUEST, onSubmit)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Skip the empty ones' }))
    expect(await within(dialog).findByTestId('dialog-error')).toHaveTextContent(
      'Still needed: num_channels. (error id E-42)',
    )
    expect(onClose).not.toHaveBeenCalled()
  })

  it('asks for required values unless the user chooses to skip them', async () => {
    const onSubmit = vi.fn().mockResolvedValue(accepted())
    const { dialog } = renderDialog(REQUEST, onSubmit)
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send answers' }))
    expect(await within(dialog).findAllByText(/Needed: give a value, or choose "Skip the empty ones"/)).toHaveLength(2)
    expect(onSubmit).not.toHaveBeenCalled()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Skip the empty ones' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({}, ['subject_id', 'age', 'institution']))
  })

  it('offers the way to the chat', async () => {
    const { dialog, onAnswerInChat } = renderDialog()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Answer in the chat instead' }))
    expect(onAnswerInChat).toHaveBeenCalled()
  })

  it('asks a reader its arguments: a list to pick from, a proposed value, and no skipping', async () => {
    const request: PendingRequest = {
      type: 'user_input',
      purpose: 'format_arguments',
      message: 'AxonIntracellularInterface needs a few facts the files do not hold: mode, response channel name.',
      fields: [
        {
          name: 'mode',
          required: true,
          description: 'Clamp mode of the recording',
          options: ['current_clamp', 'voltage_clamp'],
        },
        {
          name: 'response_channel_name',
          required: true,
          description: 'Channel with the response',
          example: 'IN0',
          suggested: 'IN0',
        },
      ],
      options: [],
    }
    const onSubmit = vi.fn().mockResolvedValue(accepted())
    const { dialog } = renderDialog(request, onSubmit)
    expect(within(dialog).getByRole('heading', { name: 'The file reader needs a few facts' })).toBeInTheDocument()
    expect(await within(dialog).findByLabelText(/Response channel name/)).toHaveValue('IN0')
    expect(within(dialog).queryByRole('button', { name: 'Skip the empty ones' })).not.toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('combobox', { name: /Mode/ }))
    await userEvent.click(screen.getByRole('option', { name: 'voltage_clamp' }))
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send answers' }))
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ mode: 'voltage_clamp', response_channel_name: 'IN0' }, []),
    )
  })

  it('does not offer skipping a start time NWB cannot do without', () => {
    const request: PendingRequest = {
      type: 'metadata',
      message: 'The files do not say when the recording started, and an NWB file cannot be written without it.',
      fields: [
        { name: 'session_start_time', required: true, description: 'When the recording started, with its time zone.' },
      ],
      options: [],
    }
    const { dialog } = renderDialog(request)
    expect(within(dialog).queryByRole('button', { name: 'Skip the empty ones' })).not.toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Send answers' })).toBeInTheDocument()
  })

  it('pre-fills the clock time the files told, so only the zone is chosen, and sends it with that zone', async () => {
    const request: PendingRequest = {
      type: 'metadata',
      message:
        'One thing I cannot skip: the files say the recording started at 2024-03-05T14:30:00 but not in which time zone.',
      fields: [
        { name: 'session_start_time', required: true, description: 'Give the zone.', suggested: '2024-03-05T14:30:00' },
      ],
      options: [],
    }
    const { dialog, onSubmit } = renderDialog(
      request,
      vi.fn(async () => accepted()),
    )
    expect(await within(dialog).findByLabelText(/Session start time/)).toHaveValue('2024-03-05T14:30') // the input shows whole minutes
    const zone = within(dialog).getByRole('combobox', { name: 'Time zone' })
    expect(zone).toHaveValue('') // the browser's zone is not assumed for the files' clock time
    expect(within(dialog).getByText('Choose the time zone the recording was made in.')).toBeInTheDocument()
    await userEvent.type(zone, 'America/New_York')
    await userEvent.click(screen.getByRole('option', { name: 'America/New_York' }))
    expect(within(dialog).getByText('Sent as 2024-03-05T14:30:00-05:00')).toBeInTheDocument()
    await userEvent.click(within(dialog).getByRole('button', { name: 'Send answers' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ session_start_time: '2024-03-05T14:30:00-05:00' }, []))
  })
})
