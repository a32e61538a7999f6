import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { StartPanel } from './StartPanel'

function folderFile(path: string): File {
  const file = new File(['0123'], path.split('/').pop() ?? path)
  Object.defineProperty(file, 'webkitRelativePath', { value: path })
  return file
}

describe('StartPanel', () => {
  it('uploads the chosen folder with relative paths and the checked metadata', async () => {
    const onStart = vi.fn().mockResolvedValue(true)
    render(<StartPanel onStart={onStart} />)
    expect(screen.getByRole('button', { name: 'Start conversion' })).toBeDisabled()
    await userEvent.upload(screen.getByTestId('folder-input'), [
      folderFile('run_g0/run_g0_imec0/run_t0.imec0.ap.bin'),
      folderFile('run_g0/run_g0_imec0/run_t0.imec0.ap.meta'),
    ])
    expect(screen.getByTestId('selection-summary')).toHaveTextContent('Folder run_g0 (2 files)')
    await userEvent.type(screen.getByLabelText(/Subject ID/), 'm042')
    await userEvent.type(screen.getByRole('combobox', { name: /Species/ }), 'mouse')
    await userEvent.tab()
    expect(screen.getByText('"mouse" written as Mus musculus.')).toBeInTheDocument()
    await userEvent.type(screen.getByLabelText(/Experimenter/), 'Dr. Jane Smith')
    await userEvent.type(screen.getByLabelText(/Keywords/), 'v1, npx')
    fireEvent.change(screen.getByLabelText(/Session start time/), { target: { value: '2024-03-05T14:30' } })
    expect(screen.getByText(/^Sent as 2024-03-05T14:30:00[+-]\d\d:\d\d$/)).toBeInTheDocument()
    expect(screen.getByText(/Not given yet: Sex, Age, Session description/)).toBeInTheDocument()

    await userEvent.click(screen.getByRole('button', { name: 'Start conversion' }))
    const [items, metadata] = onStart.mock.calls[0]
    expect(items.map((item: { relativePath: string }) => item.relativePath)).toEqual([
      'run_g0/run_g0_imec0/run_t0.imec0.ap.bin',
      'run_g0/run_g0_imec0/run_t0.imec0.ap.meta',
    ])
    expect(metadata).toMatchObject({
      subject_id: 'm042',
      species: 'Mus musculus',
      experimenter: ['Smith, Jane'],
      keywords: ['v1', 'npx'],
      session_start_time: expect.stringMatching(/^2024-03-05T14:30:00[+-]\d\d:\d\d$/),
    })
  })

  it('does not upload while a value breaks the rules, and says where', async () => {
    const onStart = vi.fn().mockResolvedValue(true)
    render(<StartPanel onStart={onStart} />)
    await userEvent.upload(screen.getByTestId('folder-input'), [folderFile('run/a.bin')])
    await userEvent.type(screen.getByLabelText(/^Age/), 'old')
    await userEvent.click(screen.getByRole('button', { name: 'Start conversion' }))
    expect(onStart).not.toHaveBeenCalled()
    expect(screen.getByText(/Some values need a fix/)).toBeInTheDocument()
    expect(screen.getByText(/ISO 8601 duration, for example P90D/)).toBeInTheDocument()
  })
})
