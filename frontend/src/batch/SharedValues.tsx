import { Button, Checkbox, FormControlLabel, Grid, Stack, TextField, Typography } from '@mui/material'
import { useState } from 'react'
import type { BatchView } from '../api/types'

const SHARED_FIELDS: [string, string][] = [
  ['species', 'Species'],
  ['experimenter', 'Experimenter'],
  ['institution', 'Institution'],
  ['lab', 'Lab'],
  ['session_description', 'Session description'],
  ['experiment_description', 'Experiment description'],
  ['electrode_location', 'Brain area'],
  ['timezone', 'Time zone'],
  ['dandiset_id', 'Dandiset ID'],
]

interface Props {
  view: BatchView
  disabled: boolean
  onSave(values: Record<string, string>, acceptWarnings: boolean): Promise<void>
}

/** Values every session shares, asked once for the whole batch. */
export function SharedValues({ view, disabled, onSave }: Props) {
  const [values, setValues] = useState<Record<string, string>>(() => ({ ...view.batch.shared }))
  const [acceptWarnings, setAcceptWarnings] = useState(view.batch.accept_warnings ?? false)
  const hints: Record<string, string> = view.shared_settings
  const given = Object.fromEntries(Object.entries(values).filter(([, value]) => value.trim() !== ''))
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        Shared by every session
      </Typography>
      <Grid container spacing={2}>
        {SHARED_FIELDS.map(([name, label]) => (
          <Grid key={name} size={{ xs: 12, sm: 6, md: 4 }}>
            <TextField
              fullWidth
              size="small"
              label={label}
              value={values[name] ?? ''}
              helperText={hints[name]}
              disabled={disabled}
              onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
            />
          </Grid>
        ))}
      </Grid>
      <FormControlLabel
        control={<Checkbox checked={acceptWarnings} onChange={(event) => setAcceptWarnings(event.target.checked)} />}
        label="Accept files that pass with warnings as they are"
        disabled={disabled}
      />
      <div>
        <Button
          variant="outlined"
          onClick={() => onSave(given, acceptWarnings)}
          disabled={disabled}
          data-testid="save-shared"
        >
          Save shared values
        </Button>
      </div>
    </Stack>
  )
}
