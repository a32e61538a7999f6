import {
  Alert,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Skeleton,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material'
import { useEffect, useState } from 'react'
import type { ApiError } from '../api/errors'
import { askedFields, canSkip, type RequestKind, requestIntro, requestKind } from '../api/pendingRequest'
import type { FieldRequest, MetadataCatalogue, PendingRequest, UserInputResponse } from '../api/types'
import { useMetadataValues } from '../hooks/useMetadataValues'
import type { Outcome } from '../hooks/useWorkflowActions'
import { useCatalogue } from '../metadata/CatalogueContext'
import { type FieldSpec, fieldSpec, humanLabel, typedValues } from '../metadata/catalogue'
import { MetadataFieldInput } from './MetadataFieldInput'

interface Props {
  request: PendingRequest
  open: boolean
  sending: boolean
  /** Why the service refused the last answers, by field; shown next to those fields. */
  serverRejections?: Record<string, string>
  onClose(): void
  onAnswerInChat(): void
  onSubmit(fields: Record<string, unknown>, skip: string[]): Promise<Outcome<UserInputResponse>>
}

const TITLES: Partial<Record<RequestKind, string>> = {
  metadata: 'Before converting: about this recording',
  format_arguments: 'The file reader needs a few facts',
  correction_values: 'Values for the correction',
}

/** A field the server asks for, with the served input for it when the catalogue holds the field. */
export function specFor(field: FieldRequest, catalogue: MetadataCatalogue | null): FieldSpec {
  if (field.options?.length) {
    return {
      name: field.name,
      label: humanLabel(field.name, catalogue),
      required: field.required,
      kind: 'choice',
      options: field.options.map((option) => ({ value: option, label: option })),
      help: field.description,
      example: field.example ?? '',
    }
  }
  const known = fieldSpec(catalogue, field.name)
  return known
    ? { ...known, required: field.required }
    : {
        name: field.name,
        label: humanLabel(field.name, catalogue),
        required: field.required,
        kind: 'text',
        help: field.description,
        example: field.example ?? '',
      }
}

function suggestedValues(request: PendingRequest): Record<string, string> {
  return Object.fromEntries(
    askedFields(request)
      .filter((field) => field.suggested)
      .map((field) => [field.name, String(field.suggested)]),
  )
}

/** Asks for each value the service needs, says why, and shows what the server refused next to the field. */
export function FieldRequestDialog({
  request,
  open,
  sending,
  serverRejections,
  onClose,
  onAnswerInChat,
  onSubmit,
}: Props) {
  const form = useMetadataValues(suggestedValues(request))
  const { catalogue, ready } = useCatalogue()
  const { showServerErrors } = form
  const [reply, setReply] = useState<string | null>(null)
  const [failure, setFailure] = useState<ApiError | null>(null)
  const theme = useTheme()
  const narrow = useMediaQuery(theme.breakpoints.down('sm'))
  const kind = requestKind(request)
  const skippable = canSkip(request)
  const asked = askedFields(request)
  const required = asked.filter((field) => field.required)
  const optional = asked.filter((field) => !field.required)

  // Refusals may arrive after this dialog opened (the service re-asks before its answer lands).
  // Keyed on the names, not the request object, which every status refresh renews.
  const askedNames = asked.map((field) => field.name).join(',')
  useEffect(() => {
    const asked = new Set(askedNames.split(','))
    const mine = Object.entries(serverRejections ?? {}).filter(([name]) => asked.has(name))
    if (mine.length) showServerErrors(Object.fromEntries(mine))
  }, [serverRejections, askedNames, showServerErrors])

  const emptyFields = () => asked.filter((field) => !form.values[field.name]?.trim())

  const submit = async (skipEmpty: boolean) => {
    const checked = await form.validateAll()
    if (!checked) return
    const missingRequired = emptyFields().filter((field) => field.required)
    if (!skipEmpty && missingRequired.length) {
      const hint = skippable ? 'Needed: give a value, or choose "Skip the empty ones".' : 'Needed: give a value.'
      form.showServerErrors(Object.fromEntries(missingRequired.map((field) => [field.name, hint])))
      return
    }
    // What the person typed: the server's rules read it (the dialog only showed their reading).
    const fields = typedValues(Object.fromEntries(asked.map((field) => [field.name, checked[field.name] ?? ''])))
    const skip = skippable
      ? emptyFields()
          .filter((field) => skipEmpty || !field.required)
          .map((field) => field.name)
      : []
    setFailure(null)
    const outcome = await onSubmit(fields, skip)
    if (!outcome.ok) {
      console.error('Sending the answers failed:', outcome.error, outcome.error.details)
      setFailure(outcome.error)
      return
    }
    setReply(outcome.value.reply)
    const rejected = outcome.value.rejected ?? {}
    if (Object.keys(rejected).length) form.showServerErrors(rejected)
    else onClose()
  }

  const renderField = (field: FieldRequest) => {
    const spec = specFor(field, catalogue)
    const example = field.example ?? spec.example
    return (
      <Stack key={field.name} spacing={0.5} data-testid={`ask-${field.name}`}>
        <MetadataFieldInput
          idPrefix="ask"
          spec={spec}
          value={form.values[field.name] ?? ''}
          required={field.required}
          error={form.errors[field.name]}
          note={form.notes[field.name] ?? field.description}
          question={form.questions[field.name]}
          onTake={form.take}
          onChange={form.setValue}
          onBlur={form.blur}
        />
        {field.why && (
          <Typography variant="caption" color="text.secondary" sx={{ px: 1.75 }}>
            Why: {field.why}
          </Typography>
        )}
        {example && (
          <Typography variant="caption" color="text.secondary" sx={{ px: 1.75 }}>
            Example: {example}
          </Typography>
        )}
      </Stack>
    )
  }

  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={narrow}
      fullWidth
      maxWidth="md"
      aria-labelledby="field-dialog-title"
      aria-describedby="field-dialog-intro"
    >
      <DialogTitle id="field-dialog-title">{TITLES[kind] ?? 'A few details are needed'}</DialogTitle>
      <DialogContent dividers>
        <Typography id="field-dialog-intro" variant="body1" sx={{ mb: 1, whiteSpace: 'pre-line' }}>
          {requestIntro(request.message)}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Fields marked * are required.
          {skippable
            ? ' Leave out what you do not know: skipped fields are not asked again, and the evaluation reports what is missing.'
            : ''}
        </Typography>
        {ready ? (
          <Stack spacing={2.5}>
            {required.length > 0 && optional.length > 0 && <SectionTitle>Required</SectionTitle>}
            {required.map(renderField)}
            {optional.length > 0 && <SectionTitle>Recommended for DANDI (optional)</SectionTitle>}
            {optional.map(renderField)}
          </Stack>
        ) : (
          <Skeleton variant="rectangular" height={160} aria-label="Loading the metadata fields" />
        )}
        {reply && (
          <Alert severity="info" sx={{ mt: 2 }} data-testid="dialog-reply">
            {reply}
          </Alert>
        )}
        {failure && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="dialog-error" role="alert">
            {failure.message}
            {failure.errorId && ` (error id ${failure.errorId})`}
          </Alert>
        )}
      </DialogContent>
      <DialogActions sx={{ flexWrap: 'wrap', gap: 1 }}>
        <Button onClick={onAnswerInChat} sx={{ mr: 'auto' }}>
          Answer in the chat instead
        </Button>
        {skippable && (
          <Button onClick={() => void submit(true)} disabled={sending}>
            Skip the empty ones
          </Button>
        )}
        <Button variant="contained" onClick={() => void submit(false)} disabled={sending}>
          Send answers
        </Button>
      </DialogActions>
    </Dialog>
  )
}

function SectionTitle({ children }: { children: string }) {
  return (
    <Box>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {children}
      </Typography>
    </Box>
  )
}
