import HistoryIcon from '@mui/icons-material/History'
import ListAltIcon from '@mui/icons-material/ListAlt'
import { AppBar, Button, Chip, Stack, Toolbar, Tooltip, Typography } from '@mui/material'
import type { ConnectionState } from '../api/socket'
import type { ServiceInfo } from '../api/types'

const CONNECTION_WORDS: Record<ConnectionState, { label: string; color: 'success' | 'warning' | 'default' | 'error' }> =
  {
    live: { label: 'Live', color: 'success' },
    connecting: { label: 'Connecting…', color: 'default' },
    reconnecting: { label: 'Reconnecting…', color: 'warning' },
    unauthorized: { label: 'Token needed', color: 'error' },
  }

export function providerLabel(provider: string | undefined): string {
  if (!provider) return 'LLM: …'
  return provider === 'offline' ? 'LLM: offline (rules, no network)' : `LLM: ${provider}`
}

interface Props {
  info: ServiceInfo | null
  connection: ConnectionState
  onOpenLogs(): void
  onOpenSessions(): void
}

export function AppHeader({ info, connection, onOpenLogs, onOpenSessions }: Props) {
  const state = CONNECTION_WORDS[connection]
  return (
    <AppBar position="static" color="default" elevation={1}>
      <Toolbar sx={{ flexWrap: 'wrap', gap: 1, py: 1 }}>
        <Typography variant="h6" component="h1" sx={{ flexGrow: 1, minWidth: 220 }}>
          Neurodata → NWB
          <Typography
            component="span"
            variant="body2"
            color="text.secondary"
            sx={{ ml: 1, display: { xs: 'none', md: 'inline' } }}
          >
            Convert a recording into a DANDI-ready NWB file
          </Typography>
        </Typography>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Tooltip
            title={
              info
                ? `NeuroConv ${info.neuroconv_version} · NWB Inspector ${info.nwbinspector_version} · service ${info.version}`
                : ''
            }
          >
            <Chip label={providerLabel(info?.llm_provider)} variant="outlined" data-testid="llm-provider" />
          </Tooltip>
          <Chip
            label={state.label}
            color={state.color}
            size="small"
            aria-label={`Live updates: ${state.label}`}
            data-testid="connection"
          />
          <Button startIcon={<HistoryIcon />} onClick={onOpenSessions} aria-label="Open the sessions">
            Sessions
          </Button>
          <Button startIcon={<ListAltIcon />} onClick={onOpenLogs} aria-label="Open the logs">
            Logs
          </Button>
        </Stack>
      </Toolbar>
    </AppBar>
  )
}
