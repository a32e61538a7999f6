// Turning a wall-clock time in a named time zone into ISO 8601 with an explicit offset: a naive
// time would be put in the server's zone by PyNWB, so the UI always sends the offset.

export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'
}

export function timeZoneNames(): string[] {
  const names = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : []
  return names.includes('UTC') ? names : ['UTC', ...names]
}

/** Offset of `timeZone` from UTC at `instant`, in minutes (east positive). */
export function offsetMinutes(timeZone: string, instant: number): number {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' }).formatToParts(instant)
  const name = parts.find((part) => part.type === 'timeZoneName')?.value ?? 'GMT'
  const match = /GMT([+-])(\d{2}):?(\d{2})?/.exec(name)
  if (!match) return 0
  const minutes = Number(match[2]) * 60 + Number(match[3] ?? 0)
  return match[1] === '-' ? -minutes : minutes
}

function formatOffset(minutes: number): string {
  const sign = minutes < 0 ? '-' : '+'
  const absolute = Math.abs(minutes)
  const hours = String(Math.floor(absolute / 60)).padStart(2, '0')
  return `${sign}${hours}:${String(absolute % 60).padStart(2, '0')}`
}

/** "2024-03-05T14:30" in "America/New_York" -> "2024-03-05T14:30:00-05:00"; null when unreadable. */
export function zonedIso(localDateTime: string, timeZone: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(localDateTime)
  if (!match) return null
  const [year, month, day, hour, minute, second] = match.slice(1).map((part) => Number(part ?? 0))
  const wallAsUtc = Date.UTC(year, month - 1, day, hour, minute, second)
  // The offset depends on the instant; two passes settle it across daylight-saving changes.
  let offset = offsetMinutes(timeZone, wallAsUtc)
  offset = offsetMinutes(timeZone, wallAsUtc - offset * 60_000)
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${year}-${pad(month)}-${pad(day)}T${pad(hour)}:${pad(minute)}:${pad(second)}${formatOffset(offset)}`
}
