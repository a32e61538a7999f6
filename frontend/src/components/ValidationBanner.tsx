import { Alert, AlertTitle } from '@mui/material'
import type { OverallStatus } from '../api/types'

/** Crashes inside NWB Inspector are listed with the issues but not counted: say so, or the counts look wrong. */
function CrashNote({ crashes }: { crashes: number }) {
  if (crashes === 0) return null
  return (
    <div data-testid="inspector-crash-note">
      {crashes === 1 ? "One of NWB Inspector's own checks" : `${crashes} of NWB Inspector's own checks`} crashed on this
      file; {crashes === 1 ? 'it is' : 'they are'} listed below as "Checker crash" and not counted against the file.
    </div>
  )
}

/**
 * The verdict of the latest evaluation, coloured like a traffic light. Its words with the counts
 * (`verdict`, e.g. "Valid with 5 best-practice suggestions") come from the server, as the report and
 * the command line say them; the count chips below use the same names.
 */
export function ValidationBanner({
  overall,
  verdict,
  inspectorCrashes = 0,
}: {
  overall: OverallStatus
  verdict?: string | null
  inspectorCrashes?: number
}) {
  if (overall === 'PASSED') {
    return (
      <Alert severity="success" variant="filled" data-testid="validation-banner" data-verdict="passed">
        <AlertTitle>Perfect! No issues found.</AlertTitle>
        The file is valid and ready for DANDI.
      </Alert>
    )
  }
  if (overall === 'PASSED_WITH_ISSUES') {
    return (
      <Alert
        severity="warning"
        variant="filled"
        data-testid="validation-banner"
        data-verdict="warnings"
        // Amber with dark text: reads as "yellow" and keeps the contrast readable.
        sx={{ bgcolor: '#ffd54f', color: 'rgba(0, 0, 0, 0.87)', '& .MuiAlert-icon': { color: 'inherit' } }}
      >
        <AlertTitle>{verdict ?? 'Valid, with issues'}</AlertTitle>
        The file can be used; the suggestions below would make it better.
        <CrashNote crashes={inspectorCrashes} />
      </Alert>
    )
  }
  return (
    <Alert severity="error" variant="filled" data-testid="validation-banner" data-verdict="failed">
      <AlertTitle>{verdict ?? 'Validation failed'}</AlertTitle>
      DANDI would not accept this file yet. The issues below say why.
      <CrashNote crashes={inspectorCrashes} />
    </Alert>
  )
}
