import type { Severity } from '../api/types'

export const SEVERITY_ORDER: Severity[] = ['CRITICAL', 'ERROR', 'WARNING', 'BEST_PRACTICE', 'INFO']

// The counts' names, as the banner's verdict, the reports and the command line say them
// (the backend's COUNT_WORDS in domain.py): the chips must not call a count something else.
export const SEVERITY_LABELS: Record<Severity, string> = {
  CRITICAL: 'Critical issues',
  ERROR: 'Errors',
  WARNING: 'Warnings',
  BEST_PRACTICE: 'Best-practice suggestions',
  INFO: 'Notes',
}

/** One issue's severity, as a chip on it. */
export const SEVERITY_NAMES: Record<Severity, string> = {
  CRITICAL: 'Critical',
  ERROR: 'Error',
  WARNING: 'Warning',
  BEST_PRACTICE: 'Best practice',
  INFO: 'Info',
}

export const SEVERITY_COLORS: Record<Severity, 'error' | 'warning' | 'info' | 'default'> = {
  CRITICAL: 'error',
  ERROR: 'error',
  WARNING: 'warning',
  BEST_PRACTICE: 'info',
  INFO: 'default',
}
