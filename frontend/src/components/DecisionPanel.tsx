import EditNoteIcon from '@mui/icons-material/EditNote'
import { Alert, AlertTitle, Box, Button, Stack, Typography } from '@mui/material'
import { askedFields, asksForValues, type RequestKind, requestIntro, requestKind } from '../api/pendingRequest'
import type { PendingRequest, RequestOption } from '../api/types'

interface Props {
  request: PendingRequest
  correctionAttempt: number
  sending: boolean
  onChoose(option: RequestOption): void
  onOpenDialog(): void
  /** How many streams the detected session has (detected_format.streams): a format question inside a
   * session of several streams is about one part of it, not about the whole recording. */
  sessionStreams?: number
}

const DEFAULT_OPTIONS: Partial<Record<PendingRequest['type'], RequestOption[]>> = {
  retry_approval: [
    { value: 'approve', label: 'Approve', description: 'Apply the fixes and convert again' },
    { value: 'decline', label: 'Decline', description: 'Keep this version with its errors' },
  ],
  improvement_approval: [
    { value: 'improve', label: 'Improve', description: 'Apply the fixes and convert again' },
    { value: 'accept', label: 'Accept as is', description: 'Keep this version; it is valid' },
  ],
}
const RETRY_VALUES = new Set(['approve', 'improve'])

const TITLES: Record<RequestKind, string> = {
  metadata: 'Questions before converting',
  format_choice: 'Which format is this recording?',
  format_arguments: 'The file reader needs a few facts',
  correction_values: 'Values for the correction',
  retry_approval: 'The file failed validation. Correct it?',
  improvement_approval: 'The file is valid. Improve it, or keep it as it is?',
  no_progress: 'The last correction changed nothing',
  confirm_value: 'Did you mean…?',
  confirm_summary: 'This goes into the file',
  values: 'Questions for you',
  choice: 'Your decision',
}

// Option values of the session questions that are not about readers (detection/detector.py).
const SESSION_QUESTION_TITLES = new Map([
  ['together', 'One session, or several?'],
  ['without_unreadable', 'Part of the session cannot be read'],
])

/** The panel's title: a format question inside a session of several streams says which question it is. */
export function decisionTitle(request: PendingRequest, sessionStreams: number): string {
  const kind = requestKind(request)
  if (kind !== 'format_choice' || sessionStreams < 2) return TITLES[kind]
  const special = (request.options ?? []).find((option) => SESSION_QUESTION_TITLES.has(option.value))
  return (special && SESSION_QUESTION_TITLES.get(special.value)) ?? 'Which reader for this part of the session?'
}

/** Options of a pending request; a retry or improvement names the attempt it would start. */
export function requestOptions(request: PendingRequest, correctionAttempt: number): RequestOption[] {
  const options = request.options?.length ? request.options : (DEFAULT_OPTIONS[request.type] ?? [])
  return options.map((option) =>
    RETRY_VALUES.has(option.value)
      ? { ...option, label: `${option.label} (attempt ${correctionAttempt + 2})` }
      : option,
  )
}

/** What the service waits for: a choice between its options, or answers to its questions. */
export function DecisionPanel({
  request,
  correctionAttempt,
  sending,
  onChoose,
  onOpenDialog,
  sessionStreams = 0,
}: Props) {
  const options = requestOptions(request, correctionAttempt)
  const kind = requestKind(request)
  const questions = asksForValues(request) ? askedFields(request).length : 0
  return (
    <Alert
      severity="info"
      icon={false}
      data-testid="decision"
      data-kind={kind}
      role="region"
      aria-label="Decision needed"
    >
      <AlertTitle sx={{ fontWeight: 600 }}>{decisionTitle(request, sessionStreams)}</AlertTitle>
      <Typography variant="body2" sx={{ mb: 2, whiteSpace: 'pre-line' }}>
        {/* The questions themselves are in the dialog, each with why and an example. */}
        {questions > 0 ? requestIntro(request.message) : request.message}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        useFlexGap
        sx={{ flexWrap: 'wrap', alignItems: { sm: 'flex-start' } }}
      >
        {options.map((option, index) => (
          <Box key={option.value} sx={{ maxWidth: { sm: 260 } }}>
            <Button
              variant={index === 0 ? 'contained' : 'outlined'}
              onClick={() => onChoose(option)}
              disabled={sending}
              aria-describedby={option.description ? `option-${option.value}-description` : undefined}
              fullWidth
            >
              {option.label}
            </Button>
            {option.description && (
              <Typography
                id={`option-${option.value}-description`}
                variant="caption"
                color="text.secondary"
                sx={{ display: 'block', mt: 0.5 }}
              >
                {option.description}
              </Typography>
            )}
          </Box>
        ))}
        {questions > 0 && (
          <Box>
            <Button variant="contained" startIcon={<EditNoteIcon />} onClick={onOpenDialog} disabled={sending}>
              Answer the {questions} question{questions === 1 ? '' : 's'}
            </Button>
            <Typography variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
              or answer in your own words in the conversation
            </Typography>
          </Box>
        )}
      </Stack>
    </Alert>
  )
}
