import PlayArrowIcon from '@mui/icons-material/PlayArrow'
import { Alert, Box, Button, LinearProgress, Paper, Stack, TextField, Typography } from '@mui/material'
import { useCallback, useEffect, useState } from 'react'
import type { ApiClient, UploadItem } from '../api/client'
import { ApiError } from '../api/errors'
import { LiveEvents } from '../api/socket'
import type { BatchView } from '../api/types'
import { RecordingPicker } from '../components/RecordingPicker'
import { isBusy } from './batchStatus'
import { SessionProgress } from './SessionProgress'
import { SessionsTable } from './SessionsTable'
import { SharedValues } from './SharedValues'

interface Props {
  api: ApiClient
  socketUrl: string
  onError(error: unknown, context: string): void
}

const POLL_MS = 2000

/** Many sessions at once: drop the experiment's parent folder, check the sessions found, give the shared
 * values once and the rest in the sessions table, run, and follow every session to its final status. */
export function BatchPage({ api, socketUrl, onError }: Props) {
  const [view, setView] = useState<BatchView | null>(null)
  const [items, setItems] = useState<UploadItem[]>([])
  const [pattern, setPattern] = useState('')
  const [uploading, setUploading] = useState<number | null>(null)
  const batchId = view?.batch.batch_id
  const status = view?.batch.status
  const busy = isBusy(status)

  const refresh = useCallback(async () => {
    if (!batchId) return
    try {
      setView(await api.batch(batchId))
    } catch (error) {
      onError(error, 'Reading the batch')
    }
  }, [api, batchId, onError])

  useEffect(() => {
    if (!batchId) return
    const live = new LiveEvents(socketUrl, {
      onEvent: (event) => {
        if (event.type === 'batch' && event.metadata?.batch_id === batchId) void refresh()
      },
      onConnection: () => undefined,
    })
    live.start()
    return () => live.stop()
  }, [batchId, socketUrl, refresh])

  // Events say when to look again; a slow poll covers a dropped connection while work goes on.
  useEffect(() => {
    if (!busy) return
    const timer = setInterval(() => void refresh(), POLL_MS)
    return () => clearInterval(timer)
  }, [busy, refresh])

  const act = async (work: () => Promise<BatchView>, context: string): Promise<string | null> => {
    try {
      setView(await work())
      return null
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) return error.message
      onError(error, context)
      return null
    }
  }

  const find = async () => {
    setUploading(0)
    await act(() => api.uploadBatch(items, pattern, setUploading), 'Uploading the parent folder')
    setUploading(null)
  }

  if (!view) {
    return (
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={2}>
          <Typography variant="h5" component="h1">
            Convert many sessions
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Drop the experiment's parent folder (e.g. one folder per subject, one per session inside). Every session
            becomes one NWB file in DANDI's layout.
          </Typography>
          <RecordingPicker items={items} onChange={setItems} disabled={uploading !== null} />
          <TextField
            size="small"
            label="Where sessions sit (optional)"
            placeholder="{subject_id}/{session_id}"
            helperText="Leave empty to let the service infer it from the folders; you confirm it next."
            value={pattern}
            onChange={(event) => setPattern(event.target.value)}
          />
          {uploading !== null && <LinearProgress variant="determinate" value={uploading * 100} />}
          <Box>
            <Button
              variant="contained"
              onClick={find}
              disabled={!items.length || uploading !== null}
              data-testid="find-sessions"
            >
              Find sessions
            </Button>
          </Box>
        </Stack>
      </Paper>
    )
  }

  const batch = view.batch
  const editable = status === 'draft' || status === 'finished'
  const leftToRun = (batch.sessions ?? []).some((s) => s.status !== 'passed' && s.status !== 'passed_with_issues')
  return (
    <Stack spacing={{ xs: 2, md: 3 }}>
      <Paper sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack spacing={1}>
          <Typography variant="h5" component="h1">
            Batch {batch.batch_id}
          </Typography>
          <Typography variant="body1" data-testid="batch-message" data-status={status}>
            {batch.message}
          </Typography>
          {busy && <LinearProgress />}
          {batch.pattern && (
            <Typography variant="body2" data-testid="batch-pattern">
              Sessions sit at <code>{batch.pattern}</code>
              {batch.pattern_inferred ? ' (inferred from the folders: check the IDs below)' : ''}
            </Typography>
          )}
          {(batch.not_sessions ?? []).length > 0 && (
            <Alert severity="info">
              Not sessions: {(batch.not_sessions ?? []).map((n) => `${n.folder} (${n.reason})`).join('; ')}
            </Alert>
          )}
        </Stack>
      </Paper>
      {status !== 'discovering' && (batch.sessions ?? []).length > 0 && (
        <>
          {editable && (
            <Paper sx={{ p: { xs: 2, sm: 3 } }}>
              <SharedValues
                key={`${batch.batch_id}-${status}`}
                view={view}
                disabled={!editable}
                onSave={async (values, acceptWarnings) => {
                  const problem = await act(
                    () => api.setBatchShared(batch.batch_id, { values, accept_warnings: acceptWarnings }),
                    'Saving the shared values',
                  )
                  if (problem) onError(new Error(problem), 'Saving the shared values')
                }}
              />
            </Paper>
          )}
          {editable && (
            <Paper sx={{ p: { xs: 2, sm: 3 } }}>
              <SessionsTable
                view={view}
                disabled={!editable}
                onSave={(rows) => act(() => api.setBatchTable(batch.batch_id, rows), 'Saving the sessions table')}
                onUpload={(file) => act(() => api.uploadBatchTable(batch.batch_id, file), 'Uploading the table')}
              />
              <Box sx={{ mt: 2, display: leftToRun ? undefined : 'none' }}>
                <Button
                  variant="contained"
                  color="success"
                  startIcon={<PlayArrowIcon />}
                  onClick={() => act(() => api.runBatch(batch.batch_id), 'Starting the batch')}
                  data-testid="run-batch"
                >
                  {status === 'finished' ? 'Run the sessions without a valid file again' : 'Run the batch'}
                </Button>
              </Box>
            </Paper>
          )}
          <Paper sx={{ p: { xs: 2, sm: 3 } }}>
            <SessionProgress
              view={view}
              onApproveAll={() => act(() => api.approveBatchCorrections(batch.batch_id), 'Approving the correction')}
            />
          </Paper>
        </>
      )}
    </Stack>
  )
}
