import DescriptionIcon from '@mui/icons-material/Description'
import DownloadIcon from '@mui/icons-material/Download'
import { Box, Button, Chip, Stack, Typography } from '@mui/material'
import { sessionFilesBase } from '../api/client'
import { withToken } from '../api/token'
import type { NWBVersion } from '../api/types'
import { formatBytes } from './recordingFiles'

interface Props {
  versions: NWBVersion[]
  reportAvailable: boolean
  reportName?: string | null
  reportSha256?: string | null
  /** Another session's files (re-opened from the sessions list); the current session's by default. */
  sessionId?: string | null
}

function fileName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path
}

/** A checksum people can compare with the file they downloaded (sha256sum). */
function Checksum({ label, value, testId }: { label?: string; value: string; testId: string }) {
  return (
    <Typography
      variant="caption"
      component="p"
      sx={{ fontFamily: 'monospace', wordBreak: 'break-all', color: 'text.secondary' }}
      data-testid={testId}
    >
      {label ? `${label} ` : ''}SHA-256 {value}
    </Typography>
  )
}

/** The latest NWB file and the report first; then every version with its checksum and NeuroConv YAML. */
export function Downloads({ versions, reportAvailable, reportName, reportSha256, sessionId = null }: Props) {
  if (versions.length === 0 && !reportAvailable) return null
  const latest = versions[versions.length - 1]
  const base = sessionFilesBase(sessionId)
  // The current session's latest file has its own route; another session's is named by its number.
  const latestUrl = sessionId && latest ? `${base}/nwb/v${latest.version}` : `${base}/nwb`
  const reportIsJson = reportName?.endsWith('.json') ?? false
  return (
    <Box component="section" aria-labelledby="downloads-title">
      <Typography id="downloads-title" variant="h6" component="h3" gutterBottom>
        Downloads
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 1 }}>
        {latest && (
          <Button
            variant="contained"
            startIcon={<DownloadIcon />}
            href={withToken(latestUrl)}
            download
            data-testid="download-latest"
          >
            Download NWB file (v{latest.version})
          </Button>
        )}
        {reportAvailable && (
          <Button
            variant="outlined"
            startIcon={<DescriptionIcon />}
            href={withToken(`${base}/report`)}
            download
            data-testid="download-report"
          >
            {reportIsJson ? 'Download correction report (JSON)' : 'Download report (PDF)'}
          </Button>
        )}
      </Stack>
      {latest && <Checksum label={`NWB v${latest.version}`} value={latest.sha256} testId="latest-sha256" />}
      {reportAvailable && reportSha256 && <Checksum label="Report" value={reportSha256} testId="report-sha256" />}
      {reportAvailable && reportIsJson && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          The correction report lists what failed, why it matters and how to fix it, for you or a script.
        </Typography>
      )}

      <Typography variant="subtitle1" component="h4" sx={{ fontWeight: 600, mt: 2 }}>
        All versions
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        Each conversion is kept. The NeuroConv specification re-runs it with the <code>neuroconv</code> command; the
        metadata file holds the values written into the NWB file.
      </Typography>
      <Stack component="ul" spacing={1} aria-label="All versions" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {[...versions].reverse().map((version) => (
          <VersionRow key={version.version} version={version} isLatest={version === latest} base={base} />
        ))}
      </Stack>
    </Box>
  )
}

function VersionRow({ version, isLatest, base: filesBase }: { version: NWBVersion; isLatest: boolean; base: string }) {
  const base = `${filesBase}/nwb/v${version.version}`
  return (
    <Box
      component="li"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
      data-testid={`version-v${version.version}`}
    >
      <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          v{version.version}
        </Typography>
        {isLatest && <Chip size="small" label="latest" color="primary" variant="outlined" />}
        <Typography variant="body2" sx={{ wordBreak: 'break-all' }}>
          {fileName(version.path)} · {formatBytes(version.size_bytes)}
        </Typography>
      </Stack>
      <HowMade version={version} />
      <Checksum value={version.sha256} testId={`sha256-v${version.version}`} />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 0.5 }}>
        <Button
          size="small"
          startIcon={<DownloadIcon />}
          href={withToken(base)}
          download
          aria-label={`Download version ${version.version} (NWB)`}
        >
          NWB
        </Button>
        {version.specification_path && (
          <Button
            size="small"
            href={withToken(`${base}/specification`)}
            download
            aria-label={`Download the NeuroConv specification of version ${version.version} (YAML)`}
            data-testid={`spec-v${version.version}`}
          >
            NeuroConv spec (YAML)
          </Button>
        )}
        {version.metadata_path && (
          <Button
            size="small"
            href={withToken(`${base}/metadata`)}
            download
            aria-label={`Download the metadata of version ${version.version} (YAML)`}
            data-testid={`metadata-v${version.version}`}
          >
            Metadata (YAML)
          </Button>
        )}
      </Stack>
    </Box>
  )
}

/** How a version came about: derived from the previous one (metadata only) or converted again, and why. */
function HowMade({ version }: { version: NWBVersion }) {
  const changed = (version.changes ?? []).map((change) => change.name).join(', ')
  let text: string | null = null
  if (version.made_by === 'derivation') {
    text = `Made from v${version.derived_from} without converting the recording again (only metadata changed${
      changed ? `: ${changed}` : ''
    })`
  } else if (version.why) {
    text = `Converted again: ${version.why}`
  }
  if (!text) return null
  return (
    <Typography variant="caption" color="text.secondary" component="p" data-testid={`how-made-v${version.version}`}>
      {text}
    </Typography>
  )
}
