import type { BatchStatus, SessionStatus } from '../api/types'

type ChipColor = 'default' | 'info' | 'success' | 'warning' | 'error'

export const SESSION_LABELS: Record<SessionStatus, string> = {
  waiting: 'Waiting',
  running: 'Running',
  passed: 'Passed',
  passed_with_issues: 'Passed with issues',
  failed: 'Failed',
  input_needed: 'Input needed',
  lost: 'Worker lost',
}

export const SESSION_COLORS: Record<SessionStatus, ChipColor> = {
  waiting: 'default',
  running: 'info',
  passed: 'success',
  passed_with_issues: 'warning',
  failed: 'error',
  input_needed: 'warning',
  lost: 'error',
}

/** While these last, the page follows the batch. */
export function isBusy(status: BatchStatus | undefined): boolean {
  return status === 'discovering' || status === 'running'
}

/** The table a person edits: one row per session, folder first, text in every cell. */
export function editableRows(
  sessions: { folder: string; values?: Record<string, string> }[],
  columns: string[],
): Record<string, string>[] {
  return sessions.map((session) =>
    Object.fromEntries(
      columns.map((column) => [column, column === 'folder' ? session.folder : (session.values?.[column] ?? '')]),
    ),
  )
}

/** Rows with their empty cells left out (an empty cell changes nothing). */
export function filledRows(rows: Record<string, string>[]): Record<string, string>[] {
  return rows.map((row) => Object.fromEntries(Object.entries(row).filter(([, value]) => value.trim() !== '')))
}
