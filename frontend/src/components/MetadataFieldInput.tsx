import { Box, Button, MenuItem, Stack, TextField, Typography } from '@mui/material'
import { memo, type ReactNode } from 'react'
import type { AskedBack } from '../hooks/useMetadataValues'
import type { FieldSpec } from '../metadata/catalogue'
import { SessionStartField } from './SessionStartField'
import { SpeciesField } from './SpeciesField'

interface Props {
  spec: FieldSpec
  value: string
  required: boolean
  error?: string
  /** What was normalised, or why the value is asked for. */
  note?: string
  /** The server's question when the words may mean more than one value, with one-click readings. */
  question?: AskedBack
  onTake?(name: string, value: string): void
  /** Stable callbacks taking the field name, so unchanged fields are not drawn again. */
  onChange(name: string, value: string): void
  onBlur(name: string): void
  idPrefix?: string
}

/** One metadata value, with the input that suits it (species list, sex choice, date and zone, ...),
 * and the server's question under it when the words may mean more than one thing. */
export const MetadataFieldInput = memo(function MetadataFieldInput(props: Props) {
  const { spec, question, onTake } = props
  // One shape whether or not a question shows, so the input keeps its place (and its focus).
  return (
    <Stack spacing={0.5}>
      <FieldInput {...props} />
      {question && (
        <Box
          role="group"
          aria-label={`Did you mean, ${spec.label}`}
          data-testid={`confirm-${spec.name}`}
          sx={{ px: 1.75 }}
        >
          <Typography variant="body2" color="warning.main">
            {question.question}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
            {question.proposals.map((proposal, index) => (
              <Button
                key={proposal.value}
                size="small"
                variant={index === 0 ? 'contained' : 'outlined'}
                onClick={() => onTake?.(spec.name, proposal.value)}
              >
                {index === 0 ? `Yes, ${proposal.label}` : proposal.label}
              </Button>
            ))}
          </Stack>
        </Box>
      )}
    </Stack>
  )
})

function FieldInput({
  spec,
  value,
  required,
  error,
  note,
  onChange: onNamedChange,
  onBlur: onNamedBlur,
  idPrefix = 'meta',
}: Props): ReactNode {
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
          {(spec.options ?? []).map((option) => (
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
            <MenuItem key={option.value} value={option.value}>
              {option.label}
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
}
