import DescriptionIcon from '@mui/icons-material/Description'
import DownloadIcon from '@mui/icons-material/Download'
import { Box, Button, List, ListItem, ListItemText, Stack, Typography } from '@mui/material'
import { withToken } from '../api/token'
import type { NWBVersion } from '../api/types'
import { formatBytes } from './recordingFiles'

interface Props {
  versions: NWBVersion[]
  reportAvailable: boolean
  reportName?: string | null
  reportSha256?: string | null
}

function fileName(path: string): string {
  return path.split(/[\\/]/).pop() ?? path
}

/** The latest NWB file, every version with its SHA-256, and the report when there is one. */
export function Downloads({ versions, reportAvailable, reportName, reportSha256 }: Props) {
  if (versions.length === 0 && !reportAvailable) return null
  const latest = versions[versions.length - 1]
  const reportKind = reportName?.endsWith('.json') ? 'JSON' : 'PDF'
  return (
    <Box component="section" aria-labelledby="downloads-title">
      <Typography id="downloads-title" variant="h6" component="h3" gutterBottom>
        Downloads
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mb: 1 }}>
        {latest && (
          <Button variant="contained" startIcon={<DownloadIcon />} href={withToken('/api/download/nwb')} download data-testid="download-latest">
            Download NWB (v{latest.version})
          </Button>
        )}
        {reportAvailable && (
          <Button variant="outlined" startIcon={<DescriptionIcon />} href={withToken('/api/download/report')} download data-testid="download-report">
            Download report ({reportKind})
          </Button>
        )}
      </Stack>
      {reportAvailable && reportSha256 && (
        <Typography variant="caption" component="p" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} data-testid="report-sha256">
          Report SHA-256 {reportSha256}
        </Typography>
      )}
      <List dense aria-label="All versions">
        {[...versions].reverse().map((version) => (
          <ListItem
            key={version.version}
            disableGutters
            secondaryAction={
              <Button size="small" href={withToken(`/api/download/nwb/v${version.version}`)} download aria-label={`Download version ${version.version}`}>
                v{version.version}
              </Button>
            }
          >
            <ListItemText
              primary={`v${version.version} · ${fileName(version.path)} · ${formatBytes(version.size_bytes)}`}
              secondary={
                <Box component="span" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }} data-testid={`sha256-v${version.version}`}>
                  SHA-256 {version.sha256}
                </Box>
              }
              sx={{ pr: 7 }}
            />
          </ListItem>
        ))}
      </List>
    </Box>
  )
}
