import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, Stack, Typography, useMediaQuery, useTheme } from '@mui/material'
import { useState } from 'react'
import type { FieldRequest, PendingRequest, UserInputResponse } from '../api/types'
import { useMetadataValues } from '../hooks/useMetadataValues'
import { fieldSpec, humanLabel, type FieldSpec } from '../metadata/fields'
import { toUploadMetadata } from '../metadata/uploadMetadata'
import { MetadataFieldInput } from './MetadataFieldInput'

interface Props {
  request: PendingRequest
  open: boolean
  sending: boolean
  onClose(): void
  onSubmit(fields: Record<string, unknown>, skip: string[]): Promise<UserInputResponse | null>
}

/** A field the server asks for, with our input for it when we know the field. */
export function specFor(field: FieldRequest): FieldSpec {
  const known = fieldSpec(field.name)
  return known
    ? { ...known, name: field.name }
    : { name: field.name, label: humanLabel(field.name), required: field.required, kind: 'text', help: field.description, example: field.example ?? '' }
}

/** Asks for each value the service needs, says why, and shows what the server rejected. */
export function FieldRequestDialog({ request, open, sending, onClose, onSubmit }: Props) {
  const form = useMetadataValues()
  const [reply, setReply] = useState<string | null>(null)
  const theme = useTheme()
  const narrow = useMediaQuery(theme.breakpoints.down('sm'))

  const emptyFields = () => request.fields.filter((field) => !form.values[field.name]?.trim())

  const submit = async (skipEmpty: boolean) => {
    const checked = form.validateAll()
    if (!checked) return
    const missingRequired = emptyFields().filter((field) => field.required)
    if (!skipEmpty && missingRequired.length) {
      form.showServerErrors(Object.fromEntries(missingRequired.map((f) => [f.name, 'Needed: give a value, or choose "Skip the empty ones".'])))
      return
    }
    const fields = toUploadMetadata(Object.fromEntries(request.fields.map((f) => [f.name, checked[f.name] ?? ''])))
    const skip = emptyFields().filter((field) => skipEmpty || !field.required).map((field) => field.name)
    const answer = await onSubmit(fields, skip)
    if (!answer) return
    setReply(answer.reply)
    if (Object.keys(answer.rejected).length) form.showServerErrors(answer.rejected)
    else onClose()
  }

  return (
    <Dialog open={open} onClose={onClose} fullScreen={narrow} fullWidth maxWidth="md" aria-labelledby="field-dialog-title">
      <DialogTitle id="field-dialog-title">A few details are needed</DialogTitle>
      <DialogContent dividers>
        <Typography variant="body1" sx={{ mb: 2 }}>
          {request.message}
        </Typography>
        <Stack spacing={3}>
          {request.fields.map((field) => {
            const spec = specFor(field)
            return (
              <Stack key={field.name} spacing={0.5} data-testid={`ask-${field.name}`}>
                <MetadataFieldInput
                  idPrefix="ask"
                  spec={spec}
                  value={form.values[field.name] ?? ''}
                  required={field.required}
                  error={form.errors[field.name]}
                  note={form.notes[field.name] ?? field.description}
                  onChange={form.setValue}
                  onBlur={form.blur}
                />
                {field.why && (
                  <Typography variant="caption" color="text.secondary">
                    Why: {field.why}
                  </Typography>
                )}
                {(field.example ?? spec.example) && (
                  <Typography variant="caption" color="text.secondary">
                    Example: {field.example ?? spec.example}
                  </Typography>
                )}
              </Stack>
            )
          })}
        </Stack>
        {reply && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {reply}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onClose}>Answer in the chat instead</Button>
        <Button onClick={() => void submit(true)} disabled={sending}>
          Skip the empty ones
        </Button>
        <Button variant="contained" onClick={() => void submit(false)} disabled={sending}>
          Send answers
        </Button>
      </DialogActions>
    </Dialog>
  )
}
