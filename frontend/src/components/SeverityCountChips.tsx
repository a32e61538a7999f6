import { Chip, Stack } from '@mui/material'
import type { SeverityCounts } from '../api/types'
import { SEVERITY_COLORS, SEVERITY_LABELS, SEVERITY_ORDER } from './severity'

export function SeverityCountChips({ counts }: { counts: SeverityCounts }) {
  return (
    <Stack direction="row" spacing={1} useFlexGap aria-label="Issues by severity" sx={{ flexWrap: 'wrap' }}>
      {SEVERITY_ORDER.map((severity) => (
        <Chip
          key={severity}
          label={`${SEVERITY_LABELS[severity]}: ${counts[severity] ?? 0}`}
          color={counts[severity] ? SEVERITY_COLORS[severity] : 'default'}
          variant={counts[severity] ? 'filled' : 'outlined'}
          data-testid={`count-${severity}`}
        />
      ))}
    </Stack>
  )
}
