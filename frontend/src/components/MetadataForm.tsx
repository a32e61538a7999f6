import { Box, Grid, Skeleton, Typography } from '@mui/material'
import type { MetadataCatalogue } from '../api/types'
import type { MetadataValues } from '../hooks/useMetadataValues'
import { useCatalogue } from '../metadata/CatalogueContext'
import { type FieldSpec, specFromView } from '../metadata/catalogue'
import { MetadataFieldInput } from './MetadataFieldInput'

// Where the served fields go on the page (layout only: labels, rules and examples come from the server).
const SUBJECT = new Set(['subject_id', 'species', 'sex', 'age', 'date_of_birth', 'strain', 'genotype'])
const WIDE_KINDS = new Set(['multiline', 'datetime'])

function sections(catalogue: MetadataCatalogue): { title: string; specs: FieldSpec[] }[] {
  const where = (keep: (field: MetadataCatalogue['fields'][number]) => boolean) =>
    catalogue.fields.filter(keep).map(specFromView)
  return [
    { title: 'Subject', specs: where((field) => SUBJECT.has(field.name)) },
    { title: 'Session', specs: where((field) => !SUBJECT.has(field.name) && field.required) },
    { title: 'Recommended for DANDI', specs: where((field) => field.level === 'recommended') },
  ]
}

/** The optional metadata form, drawn from the server's field list: required fields are marked;
 * anything left empty is asked later. */
export function MetadataForm({ form, disabled }: { form: MetadataValues; disabled?: boolean }) {
  const { catalogue } = useCatalogue()
  if (!catalogue) return <Skeleton variant="rectangular" height={240} aria-label="Loading the metadata fields" />
  return (
    <Box component="fieldset" disabled={disabled} sx={{ border: 0, p: 0, m: 0, minWidth: 0 }}>
      {sections(catalogue).map((section) => (
        <Box key={section.title} sx={{ mb: 2 }}>
          <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
            {section.title}
          </Typography>
          <Grid container spacing={2}>
            {section.specs.map((spec) => (
              <Grid key={spec.name} size={{ xs: 12, md: WIDE_KINDS.has(spec.kind) ? 12 : 6 }}>
                <MetadataFieldInput
                  spec={spec}
                  value={form.values[spec.name] ?? ''}
                  required={spec.required}
                  error={form.errors[spec.name]}
                  note={form.notes[spec.name]}
                  question={form.questions[spec.name]}
                  onTake={form.take}
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
