import { Alert, AlertTitle, Stack } from '@mui/material'
import type { ConnectionState } from '../api/socket'
import type { ShownError } from '../hooks/useErrors'

interface Props {
  errors: ShownError[]
  onDismiss(id: number): void
  connection: ConnectionState
}

/** Problems to tell the user about; each can be dismissed. A lost connection shows while it lasts. */
export function ErrorAlerts({ errors, onDismiss, connection }: Props) {
  if (errors.length === 0 && connection !== 'reconnecting') return null
  return (
    <Stack spacing={1} sx={{ mb: 2 }} aria-live="assertive">
      {connection === 'reconnecting' && (
        <Alert severity="warning" data-testid="connection-lost">
          Lost the live connection to the service. Reconnecting… (the page catches up when it is back)
        </Alert>
      )}
      {errors.map((error) => (
        <Alert
          key={error.id}
          severity={error.kind === 'busy' ? 'warning' : 'error'}
          onClose={() => onDismiss(error.id)}
          slotProps={{ closeButton: { 'aria-label': 'Dismiss this message' } }}
          data-testid={`error-${error.kind}`}
        >
          <AlertTitle>{error.context} failed</AlertTitle>
          {error.message}
          {error.errorId && ` (error id ${error.errorId})`}
        </Alert>
      ))}
    </Stack>
  )
}
