import type { Severity } from '../api/types'

export const SEVERITY_ORDER: Severity[] = ['CRITICAL', 'ERROR', 'WARNING', 'BEST_PRACTICE', 'INFO']

export const SEVERITY_LABELS: Record<Severity, string> = {
  CRITICAL: 'Critical',
  ERROR: 'Errors',
  WARNING: 'Warnings',
  BEST_PRACTICE: 'Best practice',
  INFO: 'Info',
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
