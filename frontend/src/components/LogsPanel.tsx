import BugReportIcon from '@mui/icons-material/BugReport'
import CloseIcon from '@mui/icons-material/Close'
import RefreshIcon from '@mui/icons-material/Refresh'
import {
  Box,
  Button,
  Chip,
  Drawer,
  FormControlLabel,
  IconButton,
  MenuItem,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material'
import { useCallback, useEffect, useRef, useState } from 'react'
import { debugBundleUrl } from '../api/client'
import { withToken } from '../api/token'
import type { LogEntryView, LogLevel } from '../api/types'
import { keyed } from './keyed'
import type { ServicePanelProps } from './panelProps'

const LEVEL_COLORS: Record<string, 'default' | 'info' | 'warning' | 'error'> = {
  DEBUG: 'default',
  INFO: 'info',
  WARNING: 'warning',
  ERROR: 'error',
}
const LEVEL_BORDERS: Record<string, string> = {
  DEBUG: 'grey.400',
  INFO: 'info.main',
  WARNING: 'warning.main',
  ERROR: 'error.main',
}
// '' shows every level.
const LEVEL_FILTERS: { value: LogLevel | ''; label: string }[] = [
  { value: '', label: 'All' },
  { value: 'INFO', label: 'Info and above' },
  { value: 'WARNING', label: 'Warnings and errors' },
  { value: 'ERROR', label: 'Errors only' },
]

type Props = ServicePanelProps

/** The service's log, newest first, coloured by level, with a level filter. */
export function LogsPanel({ api, open, onClose, eventCount, onError }: Props) {
  const [entries, setEntries] = useState<LogEntryView[]>([])
  const [level, setLevel] = useState<LogLevel | ''>('')
  const [follow, setFollow] = useState(true)
  const list = useRef<HTMLDivElement>(null)

  const load = useCallback(async () => {
    try {
      const answer = await api.logs(level || null)
      setEntries([...answer.entries].reverse())
    } catch (error) {
      onError(error, 'Reading the logs')
    }
  }, [api, level, onError])

  useEffect(() => {
    if (open) void load()
  }, [open, load])

  // biome-ignore lint/correctness/useExhaustiveDependencies: only new events load here; opening and a level change load through the effect above
  useEffect(() => {
    if (open && follow) void load()
  }, [eventCount])

  // biome-ignore lint/correctness/useExhaustiveDependencies: new entries are what should scroll the list back to the top
  useEffect(() => {
    // Newest entries are on top: following means staying at the top.
    if (follow && list.current) list.current.scrollTop = 0
  }, [entries, follow])

  return (
    <Drawer
      anchor="right"
      open={open}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: { xs: '100%', sm: 600 } } } }}
    >
      <Box
        sx={{ p: 2, display: 'flex', flexDirection: 'column', height: '100%' }}
        role="region"
        aria-labelledby="logs-title"
      >
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography id="logs-title" variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            Logs
          </Typography>
          <IconButton aria-label="Refresh the logs" onClick={() => void load()}>
            <RefreshIcon />
          </IconButton>
          <IconButton aria-label="Close the logs" onClick={onClose}>
            <CloseIcon />
          </IconButton>
        </Stack>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flexWrap: 'wrap', my: 1 }} useFlexGap>
          <TextField
            select
            size="small"
            label="Level"
            value={level}
            onChange={(event) =>
              setLevel(LEVEL_FILTERS.find((filter) => filter.value === event.target.value)?.value ?? '')
            }
            slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
            sx={{ minWidth: 180 }}
          >
            {LEVEL_FILTERS.map((filter) => (
              <MenuItem key={filter.value} value={filter.value}>
                {filter.label}
              </MenuItem>
            ))}
          </TextField>
          <FormControlLabel
            control={<Switch checked={follow} onChange={(event) => setFollow(event.target.checked)} />}
            label="Follow new entries"
          />
          <DebugBundleLink />
        </Stack>
        <Box ref={list} sx={{ flexGrow: 1, overflowY: 'auto' }} data-testid="log-entries">
          {entries.length === 0 && <Typography color="text.secondary">No log entries yet.</Typography>}
          {keyed(entries, (entry) => `${entry.timestamp}|${entry.component}|${entry.message}`).map(
            ({ key, item: entry }) => (
              <Box
                key={key}
                data-level={entry.level}
                sx={{ borderLeft: 4, borderColor: LEVEL_BORDERS[entry.level] ?? 'grey.400', pl: 1, py: 0.5, mb: 0.5 }}
              >
                <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                  <Chip size="small" label={entry.level} color={LEVEL_COLORS[entry.level] ?? 'default'} />
                  <Typography variant="caption" color="text.secondary">
                    {new Date(entry.timestamp).toLocaleTimeString()} · {entry.component}
                  </Typography>
                </Stack>
                <Typography variant="body2" sx={{ wordBreak: 'break-word' }}>
                  {entry.message}
                </Typography>
              </Box>
            ),
          )}
        </Box>
      </Box>
    </Drawer>
  )
}

/** A zip of the session's logs (with tracebacks), state and NWB Inspector output for a bug report. */
export function DebugBundleLink({ sessionId }: { sessionId?: string | null }) {
  return (
    <Button
      size="small"
      startIcon={<BugReportIcon />}
      href={withToken(debugBundleUrl(sessionId))}
      download
      data-testid={sessionId ? `debug-bundle-${sessionId}` : 'debug-bundle'}
    >
      Download a debug bundle
    </Button>
  )
}
