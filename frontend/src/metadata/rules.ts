// Client-side checks that mirror the server's metadata rules (backend/src/agentic_neurodata/metadata/). They
// only spare the user a round trip: the server checks again and its `rejected` reasons win.
import { findSpecies, isAcceptedSpeciesForm } from './species'

export type RuleResult = { ok: true; value: string; note?: string } | { ok: false; message: string }

const ok = (value: string, note?: string): RuleResult => ({ ok: true, value, ...(note ? { note } : {}) })
const fail = (message: string): RuleResult => ({ ok: false, message })

// DANDI builds file names from the id (sub-<id>_ses-<id>.nwb): the server's SAFE_ID rule.
const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/
const PLACEHOLDER_IDS = new Set(['unknown', 'none', 'na', 'n-a', 'null', 'subject', 'subject_001', 'test', 'tbd', 'id'])

export function checkSubjectId(input: string): RuleResult {
  const value = input.trim()
  if (!value) return fail('Give the animal or participant identifier, for example m042.')
  if (PLACEHOLDER_IDS.has(value.toLowerCase()))
    return fail(`"${value}" is a placeholder, not an identifier. Example: m042.`)
  if (/\s/.test(value) && SAFE_ID.test(value.replace(/\s+/g, '-'))) {
    return fail(`No spaces: DANDI file names cannot hold them. Example: ${value.replace(/\s+/g, '-')}.`)
  }
  if (!SAFE_ID.test(value))
    return fail("Use 1 to 64 letters, digits, '-', '_' or '.', starting with a letter or digit. Example: m042.")
  return ok(value)
}

export function checkSpecies(input: string): RuleResult {
  const value = input.trim()
  if (!value) return fail('Give the species as a Latin name, for example Mus musculus.')
  const known = findSpecies(value)
  if (known) return ok(known.name, known.name === value ? undefined : `"${value}" written as ${known.name}.`)
  if (isAcceptedSpeciesForm(value)) return ok(value)
  return fail('Use the Latin binomial (Genus species), for example Mus musculus or Rattus norvegicus.')
}

const SEX_WORDS: Record<string, string> = {
  m: 'M',
  male: 'M',
  man: 'M',
  f: 'F',
  female: 'F',
  woman: 'F',
  u: 'U',
  unknown: 'U',
  'not known': 'U',
  o: 'O',
  other: 'O',
}

export function checkSex(input: string): RuleResult {
  const value = input.trim()
  const code = SEX_WORDS[value.toLowerCase()]
  if (!code) return fail('Sex must be M (male), F (female), U (unknown) or O (other).')
  return ok(code, code === value ? undefined : `"${value}" written as ${code}.`)
}

const ISO_DURATION =
  /^P(?!$)(\d+(\.\d+)?Y)?(\d+(\.\d+)?M)?(\d+(\.\d+)?W)?(\d+(\.\d+)?D)?(T(?=\d)(\d+(\.\d+)?H)?(\d+(\.\d+)?M)?(\d+(\.\d+)?S)?)?$/
const AGE_UNITS: Record<string, string> = {
  d: 'D',
  day: 'D',
  days: 'D',
  w: 'W',
  wk: 'W',
  wks: 'W',
  week: 'W',
  weeks: 'W',
  m: 'M',
  mo: 'M',
  month: 'M',
  months: 'M',
  y: 'Y',
  yr: 'Y',
  yrs: 'Y',
  year: 'Y',
  years: 'Y',
}

export function isIsoDuration(value: string): boolean {
  return ISO_DURATION.test(value)
}

/** Age as an ISO 8601 duration (P90D); "90 days", "12 weeks", "P90" and "3 months" are rewritten. */
export function checkAge(input: string): RuleResult {
  const value = input.trim()
  const example = 'Give the age as an ISO 8601 duration, for example P90D (90 days), P12W or P3M.'
  if (!value) return fail(example)
  const upper = value.toUpperCase()
  // DANDI also accepts a range "P90D/P100D".
  if (upper.split('/').length <= 2 && upper.split('/').every(isIsoDuration)) return ok(upper)
  const postnatalDay = /^P(\d+)$/i.exec(value)
  if (postnatalDay) return ok(`P${postnatalDay[1]}D`, `"${value}" (postnatal day) written as P${postnatalDay[1]}D.`)
  const spoken = /^(\d+)\s*([a-z]+)\.?(\s+old)?$/i.exec(value)
  const unit = spoken ? AGE_UNITS[spoken[2].toLowerCase()] : undefined
  if (spoken && unit) {
    const duration = `P${spoken[1]}${unit}`
    return ok(duration, `"${value}" written as ${duration}.`)
  }
  return fail(example)
}

const EARLIEST = Date.UTC(1900, 0, 1)

/** A full ISO 8601 timestamp with its offset, not in the future and after 1900. */
export function checkSessionStart(iso: string, now: Date = new Date()): RuleResult {
  if (!iso) return fail('Give the date, time and time zone when the recording started.')
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(iso)) {
    return fail('The start time needs a date, a time and a time zone, for example 2024-03-05T14:30:00-05:00.')
  }
  return checkInstant(Date.parse(iso), iso, now)
}

export function checkDateOfBirth(input: string, now: Date = new Date()): RuleResult {
  const value = input.trim()
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return fail('Give the date of birth as YYYY-MM-DD, for example 2023-12-06.')
  return checkInstant(Date.parse(`${value}T00:00:00Z`), value, now)
}

function checkInstant(time: number, value: string, now: Date): RuleResult {
  if (Number.isNaN(time)) return fail('This is not a real date. Example: 2024-03-05T14:30:00-05:00.')
  if (time > now.getTime()) return fail('The date is in the future. Check the year and the time zone.')
  if (time < EARLIEST) return fail('The date is before 1900. Check the year.')
  return ok(value)
}

const TITLES = /^(dr|prof|professor|mr|mrs|ms|mx)\.?\s+/i

/** One experimenter as "Last, First"; "Dr. Jane Smith" becomes "Smith, Jane". */
export function checkExperimenterName(input: string): RuleResult {
  const value = input.trim().replace(/\s+/g, ' ')
  if (!value) return fail('Give the name as "Last, First", for example Smith, Jane.')
  if (/^[^,]+, [^,]+$/.test(value)) return ok(value)
  const words = value.replace(TITLES, '').split(' ')
  if (!value.includes(',') && words.length >= 2) {
    const last = words[words.length - 1]
    const rewritten = `${last}, ${words.slice(0, -1).join(' ')}`
    return ok(rewritten, `"${value}" written as ${rewritten}.`)
  }
  return fail('Give the name as "Last, First", for example Smith, Jane.')
}

/** Several experimenters separated by semicolons: "Smith, Jane; Doe, John". */
export function splitExperimenters(input: string): string[] {
  return input
    .split(';')
    .map((name) => name.trim())
    .filter(Boolean)
}

export function checkExperimenters(input: string): RuleResult {
  const names = splitExperimenters(input)
  if (names.length === 0) return fail('Give the name as "Last, First", for example Smith, Jane.')
  const results = names.map(checkExperimenterName)
  const failed = results.find((r): r is { ok: false; message: string } => !r.ok)
  if (failed) return failed
  const values = results.map((r) => (r.ok ? r.value : ''))
  const notes = results.flatMap((r) => (r.ok && r.note ? [r.note] : []))
  return ok(values.join('; '), notes.join(' ') || undefined)
}

export function splitKeywords(input: string): string[] {
  return input
    .split(',')
    .map((word) => word.trim())
    .filter(Boolean)
}

export function checkNonEmpty(input: string, what: string, example: string): RuleResult {
  const value = input.trim()
  return value ? ok(value) : fail(`Give ${what}, for example ${example}.`)
}
