import { Alert, AlertTitle } from '@mui/material'
import type { OverallStatus, SeverityCounts } from '../api/types'

export function blockingCount(counts: SeverityCounts | null): number {
  return counts ? counts.CRITICAL + counts.ERROR : 0
}

export function warningCount(counts: SeverityCounts | null): number {
  return counts ? counts.WARNING + counts.BEST_PRACTICE + counts.INFO : 0
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

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

/** The verdict of the latest evaluation, coloured like a traffic light. */
export function ValidationBanner({
  overall,
  counts,
  inspectorCrashes = 0,
}: {
  overall: OverallStatus
  counts: SeverityCounts | null
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
        <AlertTitle>
          Valid with {warningCount(counts) === 0 ? 'no warnings' : plural(warningCount(counts), 'warning')}
        </AlertTitle>
        The file can be used; the suggestions below would make it better.
        <CrashNote crashes={inspectorCrashes} />
      </Alert>
    )
  }
  return (
    <Alert severity="error" variant="filled" data-testid="validation-banner" data-verdict="failed">
      <AlertTitle>Validation failed with {plural(blockingCount(counts), 'error')}</AlertTitle>
      DANDI would not accept this file yet. The issues below say why.
      <CrashNote crashes={inspectorCrashes} />
    </Alert>
  )
}
