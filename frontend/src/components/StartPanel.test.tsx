import { fireEvent, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { withCatalogue } from '../test/catalogue'
import { StartPanel } from './StartPanel'

function folderFile(path: string): File {
  const file = new File(['0123'], path.split('/').pop() ?? path)
  Object.defineProperty(file, 'webkitRelativePath', { value: path })
  return file
}

// Role queries walk the whole accessibility tree of this large form: slow in jsdom, so buttons
// are found by their text.
const startButton = () => screen.getByText('Start conversion').closest('button') as HTMLButtonElement

describe('StartPanel', () => {
  it('uploads the chosen folder with relative paths and what was typed, showing the server reading of it', async () => {
    const onStart = vi.fn().mockResolvedValue(true)
    const { ui } = withCatalogue(<StartPanel onStart={onStart} />, {
      species: () => ({ value: 'Mus musculus', note: "'mouse' -> Mus musculus." }),
      experimenter: () => ({ value: ['de Vries, Jan'], note: "'Jan de Vries' -> 'de Vries, Jan'." }),
    })
    render(ui)
    await screen.findByLabelText(/Subject ID/)
    expect(startButton()).toBeDisabled()
    await userEvent.upload(screen.getByTestId('folder-input'), [
      folderFile('run_g0/run_g0_imec0/run_t0.imec0.ap.bin'),
      folderFile('run_g0/run_g0_imec0/run_t0.imec0.ap.meta'),
    ])
    expect(screen.getByTestId('selection-summary')).toHaveTextContent('Folder run_g0 (2 files)')
    // Typing key by key into MUI inputs is slow in jsdom; a change then a blur is what the rules see.
    const enter = (field: HTMLElement, value: string) => {
      fireEvent.change(field, { target: { value } })
      fireEvent.blur(field)
    }
    enter(screen.getByLabelText(/Subject ID/), 'm042')
    enter(screen.getByLabelText(/Species/), 'mouse')
    expect(await screen.findByText("'mouse' -> Mus musculus.")).toBeInTheDocument()
    enter(screen.getByLabelText(/Experimenter/), 'Jan de Vries')
    // The web app does not split names itself: it shows what the server's rule made of them.
    expect(await screen.findByText("'Jan de Vries' -> 'de Vries, Jan'.")).toBeInTheDocument()
    enter(screen.getByLabelText(/Keywords/), 'v1, npx')
    fireEvent.change(screen.getByLabelText(/Session start time/), { target: { value: '2024-03-05T14:30' } })
    expect(screen.getByText(/^Sent as 2024-03-05T14:30:00[+-]\d\d:\d\d$/)).toBeInTheDocument()
    expect(screen.getByText(/Not given yet: Sex, Age, Session description/)).toBeInTheDocument()

    await userEvent.click(startButton())
    await waitFor(() => expect(onStart).toHaveBeenCalled())
    const [items, metadata] = onStart.mock.calls[0]
    expect(items.map((item: { relativePath: string }) => item.relativePath)).toEqual([
      'run_g0/run_g0_imec0/run_t0.imec0.ap.bin',
      'run_g0/run_g0_imec0/run_t0.imec0.ap.meta',
    ])
    expect(metadata).toMatchObject({
      subject_id: 'm042',
      species: 'mouse',
      experimenter: 'Jan de Vries',
      keywords: 'v1, npx',
      session_start_time: expect.stringMatching(/^2024-03-05T14:30:00[+-]\d\d:\d\d$/),
    })
  }, 60_000) // a large form: slow in jsdom on a busy machine

  it('does not upload while the server refuses a value, and says where', async () => {
    const onStart = vi.fn().mockResolvedValue(true)
    const { ui } = withCatalogue(<StartPanel onStart={onStart} />, {
      age: () => ({ error: "'old' is not an age I can read.", example: "'12 weeks'" }),
    })
    render(ui)
    await userEvent.upload(screen.getByTestId('folder-input'), [folderFile('run/a.bin')])
    fireEvent.change(await screen.findByLabelText(/^Age/), { target: { value: 'old' } })
    await userEvent.click(startButton())
    expect(await screen.findByText(/Some values need a fix/)).toBeInTheDocument()
    expect(screen.getByText("'old' is not an age I can read. Example: '12 weeks'")).toBeInTheDocument()
    expect(onStart).not.toHaveBeenCalled()
  })
})
