import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { StatusResponse } from '../api/types'
import { FileContents } from './FileContents'

const status = {
  file_info: {
    acquisition: [
      { name: 'ElectricalSeriesAP', neurodata_type: 'ElectricalSeries' },
      { name: 'ElectricalSeriesLF', neurodata_type: 'ElectricalSeries' },
    ],
    units_count: 6,
    units_with_electrodes: 6,
  },
  versions: [
    {
      version: 1,
      path: '/out/run_v1.nwb',
      sha256: '1'.repeat(64),
      size_bytes: 10,
      streams: [
        { name: 'SpikeGLXConverterPipe', interface: 'SpikeGLXConverterPipe', kind: 'recording' },
        { name: 'PhySortingInterface', interface: 'PhySortingInterface', kind: 'sorting' },
      ],
    },
  ],
} as unknown as StatusResponse

describe('FileContents', () => {
  it('lists the raw series, the sorted units with their links, and the streams the file came from', () => {
    render(<FileContents status={status} />)
    expect(screen.getByTestId('file-contents-raw')).toHaveTextContent('ElectricalSeriesAP, ElectricalSeriesLF')
    expect(screen.getByTestId('file-contents-units')).toHaveTextContent('6 (6 linked to electrodes)')
    expect(screen.getByTestId('file-contents-streams')).toHaveTextContent(
      'SpikeGLXConverterPipe (recording), PhySortingInterface (sorting)',
    )
  })
})
