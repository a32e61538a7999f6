// The metadata fields the UI knows how to ask for: labels, help, examples and the check that
// mirrors the server rule. Required ones match backend/src/agentic_neurodata/metadata/fields.py.
import {
  checkAge,
  checkDateOfBirth,
  checkExperimenters,
  checkNonEmpty,
  checkSessionStart,
  checkSex,
  checkSpecies,
  checkSubjectId,
  type RuleResult,
} from './rules'

export type FieldKind =
  | 'text'
  | 'multiline'
  | 'species'
  | 'sex'
  | 'age'
  | 'datetime'
  | 'date'
  | 'experimenter'
  | 'keywords'
  | 'choice'

export interface FieldSpec {
  name: string
  label: string
  required: boolean
  kind: FieldKind
  help: string
  example: string
  check?: (value: string) => RuleResult
  /** For kind 'choice': the values to pick from. */
  options?: string[]
}

export const FIELD_SPECS: FieldSpec[] = [
  {
    name: 'subject_id',
    label: 'Subject ID',
    required: true,
    kind: 'text',
    help: 'The animal or participant identifier used in your lab.',
    example: 'm042',
    check: checkSubjectId,
  },
  {
    name: 'species',
    label: 'Species',
    required: true,
    kind: 'species',
    help: 'Latin name from the DANDI species list; common names are translated.',
    example: 'Mus musculus',
    check: checkSpecies,
  },
  {
    name: 'sex',
    label: 'Sex',
    required: true,
    kind: 'sex',
    help: 'M, F, U (unknown) or O (other).',
    example: 'F',
    check: checkSex,
  },
  {
    name: 'age',
    label: 'Age',
    required: true,
    kind: 'age',
    help: 'ISO 8601 duration at the session; or give the date of birth.',
    example: 'P90D',
    check: checkAge,
  },
  {
    name: 'date_of_birth',
    label: 'Date of birth',
    required: false,
    kind: 'date',
    help: 'Instead of the age, if you know it.',
    example: '2023-12-06',
    check: checkDateOfBirth,
  },
  {
    name: 'session_description',
    label: 'Session description',
    required: true,
    kind: 'multiline',
    help: 'What happened in this session, in a sentence.',
    example: 'Neuropixels recording in V1 during passive viewing of gratings',
    check: (v) => checkNonEmpty(v, 'a short description of the session', 'Neuropixels recording in V1'),
  },
  {
    name: 'session_start_time',
    label: 'Session start time',
    required: true,
    kind: 'datetime',
    help: 'When the recording started, in the time zone where it was made.',
    example: '2024-03-05T14:30:00-05:00',
    check: (v) => checkSessionStart(v),
  },
  {
    name: 'experimenter',
    label: 'Experimenter',
    required: false,
    kind: 'experimenter',
    help: '"Last, First"; separate several people with semicolons.',
    example: 'Smith, Jane',
    check: checkExperimenters,
  },
  {
    name: 'institution',
    label: 'Institution',
    required: false,
    kind: 'text',
    help: 'Where the experiment was done.',
    example: 'University of Example',
  },
  { name: 'lab', label: 'Lab', required: false, kind: 'text', help: 'The lab or group.', example: 'Smith Lab' },
  {
    name: 'experiment_description',
    label: 'Experiment description',
    required: false,
    kind: 'multiline',
    help: 'The wider experiment this session belongs to.',
    example: 'Orientation tuning in mouse visual cortex',
  },
  {
    name: 'keywords',
    label: 'Keywords',
    required: false,
    kind: 'keywords',
    help: 'Comma-separated.',
    example: 'visual cortex, neuropixels',
  },
  {
    name: 'electrode_location',
    label: 'Electrode location (brain area)',
    required: false,
    kind: 'text',
    help: 'The brain area the probe recorded from.',
    example: 'VISp',
  },
]

const BY_NAME = new Map(FIELD_SPECS.map((spec) => [spec.name, spec]))
// Names the server may use for the same thing (metadata/nwb_mapping.py LOCATION_FIELDS).
const ALIASES: Record<string, string> = { location: 'electrode_location', brain_region: 'electrode_location' }

export function fieldSpec(name: string): FieldSpec | undefined {
  return BY_NAME.get(name) ?? BY_NAME.get(ALIASES[name] ?? '')
}

export function humanLabel(name: string): string {
  // A value for one object of the file: "electrode_location[imec0]" is the brain area of imec0.
  const perObject = /^([a-z_]+)\[(.+)\]$/.exec(name)
  if (perObject) return `${humanLabel(perObject[1])} of ${perObject[2]}`
  return fieldSpec(name)?.label ?? name.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase())
}
