import { Alert, AlertTitle, Button, Grid, Skeleton, Typography } from '@mui/material'
import { useState } from 'react'
import type { ApiError } from '../api/errors'
import { askedFields } from '../api/pendingRequest'
import type { PendingRequest, RequestOption, UserInputResponse } from '../api/types'
import { useMetadataValues } from '../hooks/useMetadataValues'
import type { Outcome } from '../hooks/useWorkflowActions'
import { useCatalogue } from '../metadata/CatalogueContext'
import { type FieldSpec, typedValues } from '../metadata/catalogue'
import { specFor } from './FieldRequestDialog'
import { MetadataFieldInput } from './MetadataFieldInput'

interface Props {
  request: PendingRequest
  sending: boolean
  onConfirm(option: RequestOption): void
  onSubmit(fields: Record<string, unknown>, skip: string[]): Promise<Outcome<UserInputResponse>>
}

// A stored date is shown as the server wrote it (with its offset); a change is typed in words.
const TYPED_KINDS = new Set(['datetime', 'date', 'experimenter', 'keywords'])

function asText(spec: FieldSpec): FieldSpec {
  return TYPED_KINDS.has(spec.kind) ? { ...spec, kind: 'text' } : spec
}

/** "This goes into the file: ...": the values read from the person's words, shown once before the
 * first conversion, each editable in place; one click writes them. */
export function SummaryPanel({ request, sending, onConfirm, onSubmit }: Props) {
  const fields = askedFields(request)
  const given = Object.fromEntries(fields.map((field) => [field.name, String(field.suggested ?? '')]))
  const form = useMetadataValues(given)
  const { catalogue, ready } = useCatalogue()
  const [failure, setFailure] = useState<ApiError | null>(null)
  const confirm: RequestOption = request.options?.[0] ?? {
    value: 'confirm',
    label: 'Write these values',
    description: '',
  }

  const write = async () => {
    const changed = Object.fromEntries(
      Object.entries(typedValues(form.values)).filter(([name, value]) => value !== given[name]),
    )
    if (Object.keys(changed).length === 0) {
      onConfirm(confirm)
      return
    }
    if (!(await form.validateAll())) return
    const outcome = await onSubmit(changed, [])
    if (!outcome.ok) setFailure(outcome.error)
    else if (Object.keys(outcome.value.rejected ?? {}).length) form.showServerErrors(outcome.value.rejected ?? {})
  }

  return (
    <Alert severity="info" icon={false} data-testid="summary" role="region" aria-label="What goes into the file">
      <AlertTitle sx={{ fontWeight: 600 }}>This goes into the file</AlertTitle>
      <Typography variant="body2" sx={{ mb: 2 }}>
        Read from what you wrote. Change a value here if it is not right; values you typed into the form are not shown
        again.
      </Typography>
      {!ready && <Skeleton variant="rectangular" height={120} aria-label="Loading the metadata fields" />}
      <Grid container spacing={2} sx={{ mb: 2 }}>
        {(ready ? fields : []).map((field) => (
          <Grid key={field.name} size={{ xs: 12, md: 6 }}>
            <MetadataFieldInput
              idPrefix="summary"
              spec={asText(specFor(field, catalogue))}
              value={form.values[field.name] ?? ''}
              required={false}
              error={form.errors[field.name]}
              note={form.notes[field.name]}
              question={form.questions[field.name]}
              onTake={form.take}
              onChange={form.setValue}
              onBlur={form.blur}
            />
          </Grid>
        ))}
      </Grid>
      <Button variant="contained" onClick={() => void write()} disabled={sending} data-testid="summary-confirm">
        {confirm.label}
      </Button>
      {failure && (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {failure.message}
          {failure.errorId && ` (error id ${failure.errorId})`}
        </Alert>
      )}
    </Alert>
  )
}
