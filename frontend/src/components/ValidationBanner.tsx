import { Alert, AlertTitle } from '@mui/material'
import type { OverallStatus, SeverityCounts } from '../api/types'

export function blockingCount(counts: SeverityCounts | null): number {
  return counts ? counts.CRITICAL + counts.ERROR : 0
}

export function warningCount(counts: SeverityCounts | null): number {
  return counts ? counts.WARNING + counts.BEST_PRACTICE + counts.INFO : 0
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`

/** The verdict of the latest evaluation, coloured like a traffic light. */
export function ValidationBanner({ overall, counts }: { overall: OverallStatus; counts: SeverityCounts | null }) {
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
        <AlertTitle>Valid with {plural(warningCount(counts), 'warning')}</AlertTitle>
        The file can be used; the suggestions below would make it better.
      </Alert>
    )
  }
  return (
    <Alert severity="error" variant="filled" data-testid="validation-banner" data-verdict="failed">
      <AlertTitle>Validation failed with {plural(blockingCount(counts), 'error')}</AlertTitle>
      DANDI would not accept this file yet. The issues below say why.
    </Alert>
  )
}
