import type { ApiClient } from '../api/client'

/** What a panel opened from the header (logs, sessions) gets from the workspace. */
export interface ServicePanelProps {
  api: ApiClient
  open: boolean
  onClose(): void
  /** Changes whenever the service reports something; the panel reads what changed then. */
  eventCount: number
  onError(error: unknown, context: string): void
}
