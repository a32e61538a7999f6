import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { saveToken } from '../api/token'
import type { NWBVersion } from '../api/types'
import { Downloads } from './Downloads'

const version = (n: number, withYaml = true): NWBVersion => ({
  version: n,
  path: `/out/s1/run_g0_v${n}.nwb`,
  sha256: String(n).repeat(64),
  size_bytes: 2_600_000,
  specification_path: withYaml ? `/out/s1/run_g0_v${n}.neuroconv.yml` : null,
  metadata_path: withYaml ? `/out/s1/run_g0_v${n}.metadata.yml` : null,
  made_by: 'conversion',
})

describe('Downloads', () => {
  it('offers the latest NWB file and the PDF report, each with its SHA-256', () => {
    render(
      <Downloads
        versions={[version(1), version(2)]}
        reportAvailable
        reportName="run_g0_v2_evaluation_report.pdf"
        reportSha256={'f'.repeat(64)}
      />,
    )
    expect(screen.getByTestId('download-latest')).toHaveTextContent('Download NWB file (v2)')
    expect(screen.getByTestId('download-latest')).toHaveAttribute('href', '/api/download/nwb')
    expect(screen.getByTestId('latest-sha256')).toHaveTextContent(`NWB v2 SHA-256 ${'2'.repeat(64)}`)
    expect(screen.getByTestId('download-report')).toHaveTextContent('Download report (PDF)')
    expect(screen.getByTestId('report-sha256')).toHaveTextContent(`Report SHA-256 ${'f'.repeat(64)}`)
  })

  it('calls a JSON report a correction report', () => {
    render(
      <Downloads
        versions={[version(1)]}
        reportAvailable
        reportName="run_g0_v1_correction_context.json"
        reportSha256={null}
      />,
    )
    expect(screen.getByTestId('download-report')).toHaveTextContent('Download correction report (JSON)')
    expect(screen.queryByTestId('report-sha256')).not.toBeInTheDocument()
  })

  it('lists every version, newest first, with its checksum and NeuroConv YAML where there is one', () => {
    saveToken('tok') // links cannot carry headers: the token rides in the address
    render(<Downloads versions={[version(1, false), version(2)]} reportAvailable={false} />)
    const rows = within(screen.getByRole('list', { name: 'All versions' })).getAllByRole('listitem')
    expect(rows.map((row) => row.dataset.testid)).toEqual(['version-v2', 'version-v1'])
    expect(
      within(rows[0]).getByRole('link', { name: 'Download the NeuroConv specification of version 2 (YAML)' }),
    ).toHaveAttribute('href', '/api/download/nwb/v2/specification?token=tok')
    expect(within(rows[0]).getByRole('link', { name: 'Download the metadata of version 2 (YAML)' })).toHaveAttribute(
      'href',
      '/api/download/nwb/v2/metadata?token=tok',
    )
    expect(within(rows[1]).getByRole('link', { name: 'Download version 1 (NWB)' })).toHaveAttribute(
      'href',
      '/api/download/nwb/v1?token=tok',
    )
    expect(within(rows[1]).queryByText(/YAML/)).not.toBeInTheDocument()
    expect(screen.getByTestId('sha256-v1')).toHaveTextContent(`SHA-256 ${'1'.repeat(64)}`)
  })

  it('says how each version was made: derived from the previous one, or converted again and why', () => {
    const derived: NWBVersion = {
      ...version(2),
      made_by: 'derivation',
      derived_from: 1,
      changes: [{ name: 'subject_id', kind: 'metadata', old: null, new: 'm042' }],
      why: 'only metadata changed (subject_id)',
    }
    const converted: NWBVersion = {
      ...version(3),
      made_by: 'conversion',
      why: 'conversion options changed (drop_empty_tables): the data are written again',
    }
    render(<Downloads versions={[version(1), derived, converted]} reportAvailable={false} />)
    expect(screen.queryByTestId('how-made-v1')).not.toBeInTheDocument()
    expect(screen.getByTestId('how-made-v2')).toHaveTextContent(
      'Made from v1 without converting the recording again (only metadata changed: subject_id)',
    )
    expect(screen.getByTestId('how-made-v3')).toHaveTextContent('Converted again: conversion options changed')
  })
})
