import { Autocomplete, Stack, TextField, Typography } from '@mui/material'
import { useEffect, useMemo, useState } from 'react'
import { browserTimeZone, timeZoneNames, zonedIso } from '../metadata/timezone'

interface Props {
  id: string
  label: string
  required?: boolean
  error?: string
  helperText?: string
  /** A clock time the files already told (no zone): shown filled in, so only the zone is chosen. */
  initialLocal?: string
  /** ISO 8601 with offset, or '' while incomplete. */
  onChange(iso: string): void
}

/** Date and time as read on the lab clock, plus the lab's time zone; sent with an explicit offset. */
export function SessionStartField({ id, label, required, error, helperText, initialLocal, onChange }: Props) {
  const [local, setLocal] = useState(() => clockTime(initialLocal))
  // A clock time from the files comes without its zone: the person names it; the browser's is not assumed.
  const [zone, setZone] = useState<string | null>(() => (clockTime(initialLocal) ? null : browserTimeZone()))
  const zones = useMemo(timeZoneNames, [])
  const iso = local && zone ? zonedIso(local, zone) : null

  // The pre-filled clock time alone is no answer: until a zone is chosen the field counts as empty.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the pre-filled value; later edits go through update()
  useEffect(() => {
    if (local && !zone) onChange('')
  }, [])

  const update = (nextLocal: string, nextZone: string | null) => {
    setLocal(nextLocal)
    setZone(nextZone)
    onChange(nextLocal && nextZone ? (zonedIso(nextLocal, nextZone) ?? '') : '')
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
          autoHighlight
          onChange={(_, chosen) => update(local, chosen)}
          sx={{ flex: 1, minWidth: 200 }}
          renderInput={(params) => <TextField {...params} label="Time zone" />}
        />
      </Stack>
      <Typography
        variant="caption"
        color={error ? 'error' : 'text.secondary'}
        role={error ? 'alert' : undefined}
        sx={{ px: 1.75 }}
      >
        {error ??
          (iso ? `Sent as ${iso}` : local && !zone ? 'Choose the time zone the recording was made in.' : helperText)}
      </Typography>
    </Stack>
  )
}

/** "2024-03-05T14:30:00" (as the files say it) -> the datetime-local input's value; '' otherwise. */
function clockTime(value: string | undefined): string {
  const match = value?.match(/^(\d{4}-\d\d-\d\dT\d\d:\d\d(?::\d\d)?)(?:\.\d+)?$/)
  return match ? match[1] : ''
}
