import { List, ListItem, ListItemText, Typography } from '@mui/material'
import type { StatusResponse } from '../api/types'

/** What the latest NWB file holds, by kind of data: raw series, sorted units, and the streams it came from. */
export function FileContents({ status }: { status: StatusResponse }) {
  const info = status.file_info
  const latest = status.versions.at(-1)
  if (!info) return null
  const series = (info.acquisition ?? []).map((entry) => entry.name)
  const units =
    info.units_count == null
      ? null
      : info.units_with_electrodes == null
        ? `${info.units_count} (not linked to electrodes)`
        : `${info.units_count} (${info.units_with_electrodes} linked to electrodes)`
  const rows: [string, string, string][] = [
    ['raw', 'Raw data', series.length ? series.join(', ') : 'none'],
    ['units', 'Sorted units', units ?? 'none'],
  ]
  if (latest?.streams?.length)
    rows.push(['streams', 'Written from', latest.streams.map((s) => `${s.interface} (${s.kind})`).join(', ')])
  return (
    <section aria-labelledby="contents-title" data-testid="file-contents">
      <Typography id="contents-title" variant="h6" component="h3">
        What the file holds
      </Typography>
      <List dense disablePadding>
        {rows.map(([key, label, value]) => (
          <ListItem key={key} disableGutters data-testid={`file-contents-${key}`}>
            <ListItemText primary={label} secondary={value} />
          </ListItem>
        ))}
      </List>
    </section>
  )
}
