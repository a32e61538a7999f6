import {
  Checkbox,
  Chip,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Paper,
  Stack,
  Tooltip,
  Typography,
} from '@mui/material'
import type { SessionStream } from '../api/types'

interface Props {
  streams: SessionStream[]
  /** The service waits for the user with a settled plan: streams can be left out or put back. */
  editable: boolean
  sending: boolean
  onChoose(name: string, included: boolean): void
}

const KIND_LABELS: Record<SessionStream['kind'], string> = {
  recording: 'raw data',
  sorting: 'spike sorting',
  events: 'events',
  video: 'video',
  behavior: 'behaviour',
  imaging: 'imaging',
  other: 'other',
}

export function formatBytes(bytes: number): string {
  const units = ['bytes', 'kB', 'MB', 'GB']
  let value = bytes
  let unit = 0
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000
    unit += 1
  }
  return unit === 0 ? `${value} bytes` : `${value.toFixed(1)} ${units[unit]}`
}

/** What each stream holds and how it joins the session: files, link to a recording, time, pieces. */
function details(stream: SessionStream): string[] {
  const lines = [`${stream.files?.length ?? 0} files, ${formatBytes(stream.bytes)}`]
  if (stream.unit_count != null) lines.push(`${stream.unit_count} units`)
  if (stream.channel_count != null) lines.push(`${stream.channel_count} channels`)
  if (stream.link) lines.push(stream.link.reason)
  if (stream.pieces?.length) lines.push(`${stream.pieces.length} pieces (paused and resumed), each at its own time`)
  return lines
}

/** The session's streams that go into one NWB file, each with a way to leave it out before converting. */
export function SessionPlan({ streams, editable, sending, onChoose }: Props) {
  const included = streams.filter((stream) => stream.included)
  return (
    <Paper component="section" aria-labelledby="plan-title" sx={{ p: { xs: 2, sm: 3 } }} data-testid="session-plan">
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'baseline', flexWrap: 'wrap' }}>
        <Typography id="plan-title" variant="h5" component="h2" sx={{ flexGrow: 1 }}>
          Session plan
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="plan-summary">
          {included.length === 1
            ? '1 stream into one NWB file'
            : `${included.length} streams combined into one NWB file`}
        </Typography>
      </Stack>
      {editable && streams.length > 1 && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Untick a stream to leave it out of the conversion; nothing uploaded is deleted.
        </Typography>
      )}
      <List dense>
        {streams.map((stream) => {
          const last = stream.included && included.length === 1
          const why = stream.problem
            ? 'It cannot be converted'
            : last
              ? 'The last stream cannot be left out'
              : !editable
                ? 'Streams can be changed while the service waits for you'
                : ''
          return (
            <ListItem
              key={stream.name}
              data-testid="plan-stream"
              data-stream={stream.name}
              data-kind={stream.kind}
              data-included={String(stream.included)}
              alignItems="flex-start"
              disableGutters
            >
              <ListItemIcon sx={{ minWidth: 40 }}>
                <Tooltip title={why}>
                  <span>
                    <Checkbox
                      edge="start"
                      checked={stream.included}
                      disabled={!editable || sending || Boolean(stream.problem) || last}
                      onChange={(event) => onChoose(stream.name, event.target.checked)}
                      slotProps={{ input: { 'aria-label': `Include ${stream.name}` } }}
                    />
                  </span>
                </Tooltip>
              </ListItemIcon>
              <ListItemText
                primary={
                  <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <Typography component="span" sx={{ fontWeight: 600, wordBreak: 'break-word' }}>
                      {stream.name}
                    </Typography>
                    <Chip size="small" label={KIND_LABELS[stream.kind]} />
                    {stream.name !== stream.interface && (
                      <Typography component="span" variant="body2" color="text.secondary">
                        read by {stream.interface}
                      </Typography>
                    )}
                    {stream.link?.linked && (
                      <Chip size="small" color="success" label={`linked to ${stream.link.recording}`} />
                    )}
                  </Stack>
                }
                secondary={
                  <>
                    {details(stream).join(' · ')}
                    {stream.problem && (
                      <Typography component="span" variant="body2" color="error" sx={{ display: 'block' }}>
                        {stream.problem}
                      </Typography>
                    )}
                  </>
                }
              />
            </ListItem>
          )
        })}
      </List>
    </Paper>
  )
}
