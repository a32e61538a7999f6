import { describe, expect, it } from 'vitest'
import {
  checkAge,
  checkDateOfBirth,
  checkExperimenters,
  checkSessionStart,
  checkSex,
  checkSpecies,
  checkSubjectId,
} from './rules'
import { findSpecies, SPECIES } from './species'
import { zonedIso } from './timezone'
import { missingRequired, toUploadMetadata } from './uploadMetadata'

const value = (result: ReturnType<typeof checkAge>) => (result.ok ? result.value : `invalid: ${result.message}`)

describe('metadata rules (mirroring the server)', () => {
  it('writes ages as ISO 8601 durations', () => {
    expect(value(checkAge('P90D'))).toBe('P90D')
    expect(value(checkAge('p12w'))).toBe('P12W')
    expect(value(checkAge('P90'))).toBe('P90D')
    expect(value(checkAge('12 weeks'))).toBe('P12W')
    expect(value(checkAge('3 months'))).toBe('P3M')
    expect(value(checkAge('P90D/P100D'))).toBe('P90D/P100D')
    expect(checkAge('about three months')).toMatchObject({ ok: false, message: expect.stringContaining('P90D') })
    expect(checkAge('P')).toMatchObject({ ok: false })
  })

  it('accepts sex as M/F/U/O and translates the words', () => {
    expect(value(checkSex('female'))).toBe('F')
    expect(value(checkSex('M'))).toBe('M')
    expect(value(checkSex('unknown'))).toBe('U')
    expect(checkSex('x')).toMatchObject({ ok: false })
  })

  it('wants a Latin binomial for species and translates common names from the DANDI list', () => {
    expect(checkSpecies('mouse')).toEqual({ ok: true, value: 'Mus musculus', note: '"mouse" written as Mus musculus.' })
    expect(value(checkSpecies('Rattus norvegicus'))).toBe('Rattus norvegicus')
    expect(value(checkSpecies('Peromyscus californicus'))).toBe('Peromyscus californicus')
    expect(value(checkSpecies('http://purl.obolibrary.org/obo/NCBITaxon_10090'))).toBe(
      'http://purl.obolibrary.org/obo/NCBITaxon_10090',
    )
    expect(checkSpecies('mus musculus')).toMatchObject({ ok: true, value: 'Mus musculus' })
    expect(checkSpecies('a small rodent')).toMatchObject({ ok: false })
    expect(SPECIES.map((s) => s.name)).toEqual(
      expect.arrayContaining(['Mus musculus', 'Rattus norvegicus', 'Homo sapiens']),
    )
    expect(findSpecies('zebra fish')?.taxonId).toBe(7955)
  })

  it('keeps experimenters as "Last, First"', () => {
    expect(value(checkExperimenters('Dr. Jane Smith'))).toBe('Smith, Jane')
    expect(value(checkExperimenters('Smith, Jane; Doe, John'))).toBe('Smith, Jane; Doe, John')
    expect(checkExperimenters('Smith')).toMatchObject({ ok: false })
  })

  it('rejects start times in the future, before 1900 or without a zone', () => {
    const now = new Date('2025-01-01T00:00:00Z')
    expect(checkSessionStart('2024-03-05T14:30:00-05:00', now)).toMatchObject({ ok: true })
    expect(checkSessionStart('2026-03-05T14:30:00-05:00', now)).toMatchObject({
      ok: false,
      message: expect.stringContaining('future'),
    })
    expect(checkSessionStart('1899-12-31T23:00:00+00:00', now)).toMatchObject({
      ok: false,
      message: expect.stringContaining('1900'),
    })
    expect(checkSessionStart('2024-03-05T14:30:00', now)).toMatchObject({
      ok: false,
      message: expect.stringContaining('time zone'),
    })
    expect(checkDateOfBirth('2024-13-40', now)).toMatchObject({ ok: false })
    expect(checkSubjectId('a/b')).toMatchObject({ ok: false })
    // Mirrors the server's SAFE_ID rule: DANDI file names are built from the id.
    expect(checkSubjectId('m 042')).toEqual({
      ok: false,
      message: 'No spaces: DANDI file names cannot hold them. Example: m-042.',
    })
    expect(checkSubjectId('unknown')).toMatchObject({ ok: false })
    expect(checkSubjectId('-m042')).toMatchObject({ ok: false })
    expect(checkSubjectId('mouse-042.b_1')).toEqual({ ok: true, value: 'mouse-042.b_1' })
  })

  it('adds the offset the zone had on that day, across daylight saving', () => {
    expect(zonedIso('2024-03-05T14:30', 'America/New_York')).toBe('2024-03-05T14:30:00-05:00')
    expect(zonedIso('2024-07-05T14:30', 'America/New_York')).toBe('2024-07-05T14:30:00-04:00')
    expect(zonedIso('2024-07-05T09:00', 'Asia/Kolkata')).toBe('2024-07-05T09:00:00+05:30')
    expect(zonedIso('2024-07-05T09:00:15', 'UTC')).toBe('2024-07-05T09:00:15+00:00')
    expect(zonedIso('yesterday', 'UTC')).toBeNull()
  })

  it('sends lists where NWB wants lists and names what is still missing', () => {
    expect(
      toUploadMetadata({ experimenter: 'Smith, Jane; Doe, John', keywords: 'v1, npx', lab: ' ', subject_id: 'm042' }),
    ).toEqual({
      experimenter: ['Smith, Jane', 'Doe, John'],
      keywords: ['v1', 'npx'],
      subject_id: 'm042',
    })
    expect(missingRequired({ subject_id: 'm042', date_of_birth: '2023-12-06' })).toEqual([
      'Species',
      'Sex',
      'Session description',
      'Session start time',
    ])
  })
})
