import ArrowBackIcon from '@mui/icons-material/ArrowBack'
import DeleteIcon from '@mui/icons-material/Delete'
import FolderOpenIcon from '@mui/icons-material/FolderOpen'
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material'
import { useCallback, useEffect, useState } from 'react'
import type { SessionDetail, SessionList, SessionSummary } from '../api/types'
import { Downloads } from './Downloads'
import { DebugBundleLink } from './LogsPanel'
import type { ServicePanelProps } from './panelProps'
import { formatBytes } from './recordingFiles'

type Props = ServicePanelProps

const usedBytes = (session: SessionSummary) => session.upload_bytes + session.output_bytes + session.log_bytes

function when(iso: string | null | undefined): string {
  return iso ? new Date(iso).toLocaleString() : 'unknown time'
}

/** Every session on disk with the space it uses: re-open a finished one to download its files, or delete it. */
export function SessionsDialog({ api, open, onClose, eventCount, onError }: Props) {
  const [list, setList] = useState<SessionList | null>(null)
  const [opened, setOpened] = useState<SessionDetail | null>(null)
  const [deleting, setDeleting] = useState<SessionSummary | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const load = useCallback(async () => {
    try {
      setList(await api.sessions())
    } catch (error) {
      onError(error, 'Reading the sessions')
    }
  }, [api, onError])

  // biome-ignore lint/correctness/useExhaustiveDependencies: new events (a session ending, files freed) reload the list
  useEffect(() => {
    if (open) void load()
  }, [open, load, eventCount])

  const reopen = async (session: SessionSummary) => {
    try {
      setOpened(await api.session(session.session_id))
    } catch (error) {
      onError(error, `Opening session ${session.session_id}`)
    }
  }

  const remove = async (session: SessionSummary) => {
    setBusy(true)
    try {
      const answer = await api.deleteSession(session.session_id)
      setNotice(answer.message)
      setDeleting(null)
      setOpened(null)
      await load()
    } catch (error) {
      onError(error, `Deleting session ${session.session_id}`)
    } finally {
      setBusy(false)
    }
  }

  const close = () => {
    setOpened(null)
    setNotice(null)
    onClose()
  }

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="md" aria-labelledby="sessions-title">
      <DialogTitle id="sessions-title">
        {opened ? `Session ${opened.upload_name ?? opened.session_id}` : 'Sessions'}
      </DialogTitle>
      <DialogContent dividers>
        {notice && (
          <Alert severity="success" onClose={() => setNotice(null)} sx={{ mb: 2 }} data-testid="sessions-notice">
            {notice}
          </Alert>
        )}
        {opened ? (
          <OpenedSession session={opened} />
        ) : (
          <SessionRows list={list} onOpen={reopen} onDelete={(session) => setDeleting(session)} />
        )}
      </DialogContent>
      <DialogActions>
        {opened && (
          <Button startIcon={<ArrowBackIcon />} onClick={() => setOpened(null)}>
            All sessions
          </Button>
        )}
        <Button onClick={close}>Close</Button>
      </DialogActions>
      <Dialog open={deleting !== null} onClose={() => setDeleting(null)} aria-labelledby="delete-title">
        <DialogTitle id="delete-title">Delete this session?</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {deleting &&
              `${deleting.upload_name ?? deleting.session_id} (${when(deleting.started_at)}): its upload, NWB files, ` +
                `reports and logs are removed from this computer (${formatBytes(usedBytes(deleting))}). ` +
                'This cannot be undone.'}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDeleting(null)}>Keep it</Button>
          <Button
            color="error"
            variant="contained"
            disabled={busy}
            onClick={() => deleting && void remove(deleting)}
            data-testid="confirm-delete"
          >
            Delete
          </Button>
        </DialogActions>
      </Dialog>
    </Dialog>
  )
}

function SessionRows({
  list,
  onOpen,
  onDelete,
}: {
  list: SessionList | null
  onOpen(session: SessionSummary): void
  onDelete(session: SessionSummary): void
}) {
  if (list === null) return <Typography color="text.secondary">Reading the sessions…</Typography>
  if (list.sessions.length === 0)
    return <Typography color="text.secondary">No session on this computer yet.</Typography>
  return (
    <>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {list.sessions.length} session{list.sessions.length === 1 ? '' : 's'} using {formatBytes(list.total_bytes)}.
        Uploads are copies of your recordings: delete sessions you no longer need to free the space.
      </Typography>
      <Stack component="ul" spacing={1} aria-label="Sessions" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {list.sessions.map((session) => (
          <Box
            component="li"
            key={session.session_id}
            data-testid={`session-${session.session_id}`}
            sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
          >
            <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="subtitle2" sx={{ wordBreak: 'break-all' }}>
                {session.upload_name ?? session.session_id}
              </Typography>
              <Typography variant="caption" color="text.secondary">
                {when(session.started_at)}
              </Typography>
              {session.current && <Chip size="small" label="current" color="primary" variant="outlined" />}
              {session.running && <Chip size="small" label="running" color="warning" variant="outlined" />}
            </Stack>
            <Typography variant="body2">{session.final_status}</Typography>
            <Typography variant="caption" color="text.secondary" component="p" data-testid="session-size">
              {formatBytes(usedBytes(session))} in all: upload {formatBytes(session.upload_bytes)}, NWB files and
              reports {formatBytes(session.output_bytes)}, logs {formatBytes(session.log_bytes)} · {session.versions}{' '}
              version{session.versions === 1 ? '' : 's'}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 0.5 }}>
              <Button
                size="small"
                startIcon={<FolderOpenIcon />}
                onClick={() => onOpen(session)}
                aria-label={`Open session ${session.upload_name ?? session.session_id}`}
              >
                Open
              </Button>
              <Tooltip title={session.running ? 'It is running: cancel it first' : ''}>
                <span>
                  <Button
                    size="small"
                    color="error"
                    startIcon={<DeleteIcon />}
                    disabled={session.running}
                    onClick={() => onDelete(session)}
                    aria-label={`Delete session ${session.upload_name ?? session.session_id}`}
                  >
                    Delete
                  </Button>
                </span>
              </Tooltip>
            </Stack>
          </Box>
        ))}
      </Stack>
    </>
  )
}

function OpenedSession({ session }: { session: SessionDetail }) {
  return (
    <Stack spacing={2} data-testid="opened-session" data-session={session.session_id}>
      <Box>
        <Typography variant="body1" sx={{ fontWeight: 600 }}>
          {session.final_status}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          Started {when(session.started_at)} · session {session.session_id}
        </Typography>
      </Box>
      <Downloads
        versions={session.versions_list ?? []}
        reportAvailable={session.report_available ?? false}
        reportName={session.report_name}
        sessionId={session.session_id}
      />
      {(session.versions_list ?? []).length === 0 && !session.report_available && (
        <Typography color="text.secondary">This session has no NWB file or report to download.</Typography>
      )}
      <Box>
        <DebugBundleLink sessionId={session.session_id} />
      </Box>
    </Stack>
  )
}
