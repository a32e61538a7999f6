import { Alert, AlertTitle } from '@mui/material'
import type { SessionEnding, ValidationStatus } from '../api/types'

interface Outcome {
  severity: 'success' | 'error'
  title: string
  text: string
}

// How each ending of a session reads to someone who has never seen the service.
export const OUTCOMES: Record<ValidationStatus, Outcome> = {
  passed: {
    severity: 'success',
    title: 'Done: the file passed validation',
    text: 'No issues found. The NWB file is ready for DANDI.',
  },
  passed_improved: {
    severity: 'success',
    title: 'Done: the corrections worked',
    text: 'The latest version passed validation with no issues. Earlier versions stay available below.',
  },
  passed_accepted: {
    severity: 'success',
    title: 'Done: you accepted the file as it is',
    text: 'The file is valid. What remains is listed below and in the report.',
  },
  failed_user_declined: {
    severity: 'error',
    title: 'Stopped: you declined the corrections',
    text: 'The latest version keeps its errors. The correction report lists each one and how to fix it.',
  },
  failed_user_abandoned: {
    severity: 'error',
    title: 'Stopped before the corrections were finished',
    text: 'The latest version keeps its issues. It and its report stay available below.',
  },
}

/** How the session ended, in plain words; with its ending, the same sentence the report and the CLI say. */
export function OutcomeBanner({ status, ending }: { status: ValidationStatus; ending?: SessionEnding | null }) {
  const outcome = OUTCOMES[status]
  return (
    <Alert
      severity={outcome.severity}
      variant="outlined"
      data-testid="final-status"
      data-status={status}
      sx={{ bgcolor: 'background.paper' }}
    >
      <AlertTitle sx={{ fontWeight: 600 }}>{outcome.title}</AlertTitle>
      {ending && (
        <div data-testid="ending-headline" data-decided-by={ending.decided_by}>
          {ending.headline} ({ending.decided_by === 'user' ? 'decided by you' : 'nothing needed deciding'}).
        </div>
      )}
      {outcome.text}
    </Alert>
  )
}
