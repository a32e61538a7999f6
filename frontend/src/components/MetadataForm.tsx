import { Box, Grid, Typography } from '@mui/material'
import type { MetadataValues } from '../hooks/useMetadataValues'
import { FIELD_SPECS, type FieldSpec } from '../metadata/fields'
import { MetadataFieldInput } from './MetadataFieldInput'

const SECTIONS: { title: string; names: string[] }[] = [
  { title: 'Subject', names: ['subject_id', 'species', 'sex', 'age', 'date_of_birth'] },
  { title: 'Session', names: ['session_description', 'session_start_time'] },
  {
    title: 'Recommended for DANDI',
    names: ['experimenter', 'institution', 'lab', 'experiment_description', 'keywords', 'electrode_location'],
  },
]
const WIDE_KINDS = new Set(['multiline', 'datetime'])

function specsOf(names: string[]): FieldSpec[] {
  return names.flatMap((name) => FIELD_SPECS.filter((spec) => spec.name === name))
}

/** The optional metadata form: required fields are marked; anything left empty is asked later. */
export function MetadataForm({ form, disabled }: { form: MetadataValues; disabled?: boolean }) {
  return (
    <Box component="fieldset" disabled={disabled} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      {SECTIONS.map((section) => (
        <Box key={section.title} sx={{ mb: 2 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
            {section.title}
          </Typography>
          <Grid container spacing={2}>
            {specsOf(section.names).map((spec) => (
              <Grid key={spec.name} size={{ xs: 12, md: WIDE_KINDS.has(spec.kind) ? 12 : 6 }}>
                <MetadataFieldInput
                  spec={spec}
                  value={form.values[spec.name] ?? ''}
                  required={spec.required}
                  error={form.errors[spec.name]}
                  note={form.notes[spec.name]}
                  onChange={form.setValue}
                  onBlur={form.blur}
                />
              </Grid>
            ))}
          </Grid>
        </Box>
      ))}
    </Box>
  )
}
