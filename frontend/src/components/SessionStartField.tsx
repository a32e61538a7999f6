import { Autocomplete, Stack, TextField, Typography } from '@mui/material'
import { useMemo, useState } from 'react'
import { browserTimeZone, timeZoneNames, zonedIso } from '../metadata/timezone'

interface Props {
  id: string
  label: string
  required?: boolean
  error?: string
  helperText?: string
  /** ISO 8601 with offset, or '' while incomplete. */
  onChange(iso: string): void
}

/** Date and time as read on the lab clock, plus the lab's time zone; sent with an explicit offset. */
export function SessionStartField({ id, label, required, error, helperText, onChange }: Props) {
  const [local, setLocal] = useState('')
  const [zone, setZone] = useState(browserTimeZone)
  const zones = useMemo(timeZoneNames, [])
  const iso = local ? zonedIso(local, zone) : null

  const update = (nextLocal: string, nextZone: string) => {
    setLocal(nextLocal)
    setZone(nextZone)
    onChange(nextLocal ? (zonedIso(nextLocal, nextZone) ?? '') : '')
  }

  return (
    <Stack spacing={1}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <TextField
          id={id}
          label={label}
          type="datetime-local"
          required={required}
          value={local}
          onChange={(event) => update(event.target.value, zone)}
          error={Boolean(error)}
          slotProps={{ inputLabel: { shrink: true }, htmlInput: { step: 1 } }}
          sx={{ flex: 1 }}
        />
        <Autocomplete
          id={`${id}-zone`}
          options={zones}
          value={zone}
          disableClearable
          autoHighlight
          onChange={(_, chosen) => update(local, chosen)}
          sx={{ flex: 1, minWidth: 200 }}
          renderInput={(params) => <TextField {...params} label="Time zone" />}
        />
      </Stack>
      <Typography variant="caption" color={error ? 'error' : 'text.secondary'} role={error ? 'alert' : undefined} sx={{ px: 1.75 }}>
        {error ?? (iso ? `Sent as ${iso}` : helperText)}
      </Typography>
    </Stack>
  )
}
