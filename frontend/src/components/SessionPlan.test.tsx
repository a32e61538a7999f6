import { fireEvent, render, screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import type { SessionStream } from '../api/types'
import { SessionPlan } from './SessionPlan'

const stream = (name: string, kind: SessionStream['kind'], extra: Partial<SessionStream> = {}): SessionStream => ({
  name,
  interface: name,
  kind,
  bytes: 6_451_257,
  files: ['a', 'b'],
  included: true,
  explanation: '',
  ...extra,
})

const session = [
  stream('SpikeGLXConverterPipe', 'recording', { channel_count: 32 }),
  stream('PhySortingInterface', 'sorting', {
    unit_count: 6,
    link: { linked: true, recording: 'imec0.ap', reason: 'Units linked to the electrodes of imec0.ap' },
  }),
  stream('kilosort_old', 'sorting', {
    interface: 'KiloSortSortingInterface',
    included: false,
    problem: 'kilosort_old is missing params.py',
  }),
]

describe('SessionPlan', () => {
  it('lists each stream with its reader, kind, size and link, and counts what is combined', () => {
    render(<SessionPlan streams={session} editable sending={false} onChoose={() => {}} />)
    expect(screen.getByTestId('plan-summary')).toHaveTextContent('2 streams combined into one NWB file')
    const rows = screen.getAllByTestId('plan-stream')
    expect(rows.map((row) => row.dataset.kind)).toEqual(['recording', 'sorting', 'sorting'])
    expect(rows[0]).toHaveTextContent('raw data')
    expect(rows[0]).toHaveTextContent('2 files, 6.5 MB · 32 channels')
    expect(rows[1]).toHaveTextContent('linked to imec0.ap')
    expect(rows[2]).toHaveTextContent('read by KiloSortSortingInterface')
    expect(rows[2]).toHaveTextContent('kilosort_old is missing params.py')
  })

  it('leaves a stream out with its checkbox; what cannot be read stays out', () => {
    const onChoose = vi.fn()
    render(<SessionPlan streams={session} editable sending={false} onChoose={onChoose} />)
    fireEvent.click(screen.getByRole('checkbox', { name: 'Include PhySortingInterface' }))
    expect(onChoose).toHaveBeenCalledWith('PhySortingInterface', false)
    const broken = within(screen.getAllByTestId('plan-stream')[2]).getByRole('checkbox')
    expect(broken).toBeDisabled()
    expect(broken).not.toBeChecked()
  })

  it('cannot be changed while the service is working', () => {
    render(<SessionPlan streams={session} editable={false} sending={false} onChoose={() => {}} />)
    for (const box of screen.getAllByRole('checkbox')) expect(box).toBeDisabled()
  })
})
