import { MenuItem, TextField } from '@mui/material'
import { memo } from 'react'
import type { FieldSpec } from '../metadata/fields'
import { SessionStartField } from './SessionStartField'
import { SpeciesField } from './SpeciesField'

interface Props {
  spec: FieldSpec
  value: string
  required: boolean
  error?: string
  /** What was normalised, or why the value is asked for. */
  note?: string
  /** Stable callbacks taking the field name, so unchanged fields are not drawn again. */
  onChange(name: string, value: string): void
  onBlur(name: string): void
  idPrefix?: string
}

const SEX_OPTIONS = [
  { value: 'M', label: 'M — male' },
  { value: 'F', label: 'F — female' },
  { value: 'U', label: 'U — unknown' },
  { value: 'O', label: 'O — other' },
]

/** One metadata value, with the input that suits it (species list, sex choice, date and zone, ...). */
export const MetadataFieldInput = memo(function MetadataFieldInput({
  spec,
  value,
  required,
  error,
  note,
  onChange: onNamedChange,
  onBlur: onNamedBlur,
  idPrefix = 'meta',
}: Props) {
  const id = `${idPrefix}-${spec.name}`
  const onChange = (text: string) => onNamedChange(spec.name, text)
  const onBlur = () => onNamedBlur(spec.name)
  const helperText = error ?? note ?? `${spec.help} Example: ${spec.example}`
  const common = {
    id,
    label: spec.label,
    required,
    error: Boolean(error),
    helperText,
    fullWidth: true,
    value,
    onBlur,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  }
  switch (spec.kind) {
    case 'species':
      return (
        <SpeciesField
          id={id}
          label={spec.label}
          value={value}
          required={required}
          error={error}
          helperText={note ?? `${spec.help}`}
          onChange={onChange}
          onBlur={onBlur}
        />
      )
    case 'datetime':
      return (
        <SessionStartField
          id={id}
          label={spec.label}
          required={required}
          error={error}
          helperText={note ?? spec.help}
          initialLocal={value}
          onChange={onChange}
        />
      )
    case 'sex':
      return (
        <TextField {...common} select>
          <MenuItem value="">
            <em>Not given</em>
          </MenuItem>
          {SEX_OPTIONS.map((option) => (
            <MenuItem key={option.value} value={option.value}>
              {option.label}
            </MenuItem>
          ))}
        </TextField>
      )
    case 'choice':
      return (
        <TextField {...common} select>
          {(spec.options ?? []).map((option) => (
            <MenuItem key={option} value={option}>
              {option}
            </MenuItem>
          ))}
        </TextField>
      )
    case 'date':
      return <TextField {...common} type="date" slotProps={{ inputLabel: { shrink: true } }} />
    case 'multiline':
      return <TextField {...common} multiline minRows={2} />
    default:
      return <TextField {...common} placeholder={spec.example} />
  }
})
