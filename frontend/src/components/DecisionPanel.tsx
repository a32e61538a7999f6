import EditNoteIcon from '@mui/icons-material/EditNote'
import { Alert, AlertTitle, Box, Button, Stack, Typography } from '@mui/material'
import type { PendingRequest, RequestOption } from '../api/types'

interface Props {
  request: PendingRequest
  correctionAttempt: number
  sending: boolean
  onChoose(option: RequestOption): void
  onOpenDialog(): void
}

const DEFAULT_OPTIONS: Partial<Record<PendingRequest['type'], RequestOption[]>> = {
  retry_approval: [
    { value: 'approve', label: 'Approve retry' },
    { value: 'decline', label: 'Decline' },
  ],
  improvement_approval: [
    { value: 'improve', label: 'Improve' },
    { value: 'accept', label: 'Accept as is' },
  ],
}
const RETRY_VALUES = new Set(['approve', 'improve'])

/** Options of a pending request; a retry or improvement names the attempt it would start. */
export function requestOptions(request: PendingRequest, correctionAttempt: number): RequestOption[] {
  const options = request.options.length ? request.options : (DEFAULT_OPTIONS[request.type] ?? [])
  return options.map((option) =>
    RETRY_VALUES.has(option.value) ? { ...option, label: `${option.label} (attempt ${correctionAttempt + 2})` } : option,
  )
}

/** What the service waits for: approve or decline, improve or accept, choose a format, or answer. */
export function DecisionPanel({ request, correctionAttempt, sending, onChoose, onOpenDialog }: Props) {
  const options = requestOptions(request, correctionAttempt)
  const asksValues = request.type === 'metadata' || request.type === 'user_input'
  return (
    <Alert severity="info" icon={false} data-testid="decision" role="region" aria-label="Decision needed">
      <AlertTitle>Your decision</AlertTitle>
      <Typography variant="body2" sx={{ mb: 1.5 }}>
        {request.message}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {options.map((option, index) => (
          <Box key={option.value}>
            <Button
              variant={index === 0 ? 'contained' : 'outlined'}
              onClick={() => onChoose(option)}
              disabled={sending}
              title={option.description || undefined}
            >
              {option.label}
            </Button>
            {request.type === 'format_selection' && option.description && (
              <Typography variant="caption" color="text.secondary" sx={{ display: 'block', maxWidth: 280 }}>
                {option.description}
              </Typography>
            )}
          </Box>
        ))}
        {asksValues && request.fields.length > 0 && (
          <Button variant="contained" startIcon={<EditNoteIcon />} onClick={onOpenDialog} disabled={sending}>
            Answer the {request.fields.length} question{request.fields.length === 1 ? '' : 's'}
          </Button>
        )}
      </Stack>
    </Alert>
  )
}
