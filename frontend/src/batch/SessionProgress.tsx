import { Button, Chip, Stack, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material'
import { withToken } from '../api/token'
import type { BatchView } from '../api/types'
import { SESSION_COLORS, SESSION_LABELS } from './batchStatus'

/** One row per session: its status as it runs, where it ran, its file; the summary once it is over. */
export function SessionProgress({ view, onApproveAll }: { view: BatchView; onApproveAll(): void }) {
  const { batch } = view
  const base = `/api/batches/${batch.batch_id}`
  const sessions = batch.sessions ?? []
  const proposals = sessions.filter((s) => s.outcome?.proposal)
  return (
    <Stack spacing={2}>
      <Typography variant="h6" component="h2">
        Sessions
      </Typography>
      <Table size="small" aria-label="Session progress" sx={{ display: 'block', overflowX: 'auto' }}>
        <TableHead>
          <TableRow>
            <TableCell>Session</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Worker</TableCell>
            <TableCell>File</TableCell>
            <TableCell>Message</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {sessions.map((session) => (
            <TableRow key={session.key} data-testid={`session-row-${session.key}`}>
              <TableCell>{session.folder}</TableCell>
              <TableCell>
                <Chip
                  size="small"
                  label={SESSION_LABELS[session.status ?? 'waiting'] + (session.stage ? ` (${session.stage})` : '')}
                  color={SESSION_COLORS[session.status ?? 'waiting']}
                  data-testid="session-status"
                  data-status={session.status}
                />
              </TableCell>
              <TableCell>{session.outcome?.worker ?? ''}</TableCell>
              <TableCell>
                {session.outcome?.nwb_file && (
                  <Button size="small" href={withToken(`${base}/sessions/${session.key}/nwb`)}>
                    NWB
                  </Button>
                )}
                {session.outcome?.report && (
                  <Button size="small" href={withToken(`${base}/sessions/${session.key}/report`)}>
                    Report
                  </Button>
                )}
              </TableCell>
              <TableCell sx={{ maxWidth: 360 }}>{session.outcome?.message ?? ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {proposals.length > 0 && batch.status === 'finished' && (
        <div>
          <Typography variant="body2" gutterBottom>
            {proposals.length} sessions have a proposed correction, e.g. {proposals[0].folder}:{' '}
            {proposals[0].outcome?.proposal}
          </Typography>
          <Button variant="outlined" onClick={onApproveAll} data-testid="approve-all">
            Approve this correction for every session
          </Button>
        </div>
      )}
      {batch.status === 'finished' && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }} aria-label="Batch summary">
          <Button variant="contained" href={withToken(`${base}/summary.csv`)} data-testid="summary-csv">
            Summary (CSV)
          </Button>
          <Button href={withToken(`${base}/summary.json`)}>Summary (JSON)</Button>
          <Button href={withToken(`${base}/summary.pdf`)} data-testid="summary-pdf">
            Summary (PDF)
          </Button>
        </Stack>
      )}
    </Stack>
  )
}
