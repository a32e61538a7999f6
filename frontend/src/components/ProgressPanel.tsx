import StopIcon from '@mui/icons-material/Stop'
import { Box, Button, Chip, LinearProgress, Paper, Stack, Step, StepLabel, Stepper, Typography } from '@mui/material'
import type { StageView, StatusResponse } from '../api/types'

// The service names its stages; the page shows these three in this order, under these labels.
const STAGES = [
  { name: 'conversion', label: 'Conversion' },
  { name: 'evaluation', label: 'Evaluation' },
  { name: 'report_generation', label: 'Report' },
]
const STAGE_WORDS: Record<string, string> = {
  pending: 'waiting',
  in_progress: 'running',
  completed: 'done',
  failed: 'failed',
}
const TITLES: Record<StatusResponse['status'], string> = {
  idle: 'Progress',
  processing: 'Converting…',
  awaiting_user_input: 'Waiting for your answer',
  completed: 'Finished',
  failed: 'Stopped',
}

export function attemptLabel(correctionAttempt: number): string {
  return correctionAttempt === 0 ? 'Attempt 1' : `Attempt ${correctionAttempt + 1} (correction ${correctionAttempt})`
}

interface Props {
  status: StatusResponse
  onCancel?(): void
  cancelling?: boolean
}

/** Where the work is: the three stages, the current percent and message, and the attempt. */
export function ProgressPanel({ status, onCancel, cancelling }: Props) {
  const stages = STAGES.map(({ name, label }) => {
    const view: StageView = status.stages.find((stage) => stage.name === name) ?? { name, status: 'pending' }
    return { ...view, label }
  })
  const current = stages.findIndex((stage) => stage.status === 'in_progress')
  const completedUntil = stages.filter((stage) => stage.status === 'completed').length
  const active = current >= 0 ? current : completedUntil
  const processing = status.status === 'processing'
  const waiting = status.status === 'awaiting_user_input'
  const finished = status.status === 'completed' || status.status === 'failed'
  const percent = status.progress?.percent ?? 0
  const message = status.progress?.message || status.message

  return (
    <Paper component="section" aria-labelledby="progress-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 2 }} useFlexGap>
        <Typography id="progress-title" variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          {TITLES[status.status]}
        </Typography>
        <Chip
          label={attemptLabel(status.correction_attempt)}
          color="primary"
          variant="outlined"
          data-testid="attempt"
        />
        {status.detected_format?.interface && (
          <Chip
            label={
              (status.detected_format.streams?.filter((s) => s.included).length ?? 0) > 1
                ? `Session: ${status.detected_format.streams?.filter((s) => s.included).length} streams`
                : `Format: ${status.detected_format.interface}`
            }
            variant="outlined"
          />
        )}
      </Stack>
      <Stepper activeStep={active} alternativeLabel aria-label="Stages">
        {stages.map((stage) => (
          <Step key={stage.name} completed={stage.status === 'completed'}>
            <StepLabel
              error={stage.status === 'failed'}
              optional={<Typography variant="caption">{stageWord(stage, finished)}</Typography>}
            >
              {stage.label}
            </StepLabel>
          </Step>
        ))}
      </Stepper>
      {processing && (
        <Box sx={{ mt: 3 }}>
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Typography variant="body2" aria-live="polite" data-testid="progress-message">
              {message}
            </Typography>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {Math.round(percent)}%
            </Typography>
          </Stack>
          <LinearProgress
            variant="determinate"
            value={percent}
            aria-label="Conversion progress"
            sx={{ mt: 1, height: 8, borderRadius: 4 }}
          />
        </Box>
      )}
      {waiting && (
        <Typography variant="body2" sx={{ mt: 2 }} data-testid="progress-message">
          The assistant is waiting for your answer (see below and in the conversation).
        </Typography>
      )}
      {/* Once a version exists, the decision's own buttons end the session instead. */}
      {onCancel && (processing || (waiting && status.versions.length === 0)) && (
        <Button sx={{ mt: 2 }} color="inherit" startIcon={<StopIcon />} onClick={onCancel} disabled={cancelling}>
          Stop this conversion
        </Button>
      )}
    </Paper>
  )
}

function stageWord(stage: StageView, sessionFinished: boolean): string {
  if (stage.status === 'pending' && sessionFinished) return 'not run'
  return STAGE_WORDS[stage.status] ?? stage.status
}
