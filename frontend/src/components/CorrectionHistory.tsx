import { Box, List, ListItem, ListItemText, Typography } from '@mui/material'
import type { CorrectionAttempt } from '../api/types'

function describe(attempt: CorrectionAttempt): string {
  const parts = [`${attempt.issues_before.length} issues before`]
  if (attempt.issues_after) parts.push(`${attempt.issues_after.length} after`)
  if (attempt.fixes_applied.length) parts.push(`${attempt.fixes_applied.length} automatic fixes`)
  const given = Object.keys(attempt.user_input)
  if (given.length) parts.push(`you gave ${given.join(', ')}`)
  if (attempt.status_after) parts.push(`result ${attempt.status_after}`)
  return parts.join(' · ')
}

/** Every correction attempt: what was wrong, what was fixed and how it ended. */
export function CorrectionHistory({ history }: { history: CorrectionAttempt[] }) {
  if (history.length === 0) return null
  return (
    <Box component="section" aria-labelledby="history-title">
      <Typography id="history-title" variant="h6" component="h3">
        Correction history
      </Typography>
      <List dense>
        {history.map((attempt) => (
          <ListItem key={attempt.attempt} disableGutters alignItems="flex-start">
            <ListItemText
              primary={`Attempt ${attempt.attempt}${attempt.version ? ` → v${attempt.version}` : ''}`}
              secondary={
                <>
                  {describe(attempt)}
                  {attempt.fixes_applied.map((fix, index) => (
                    <Box key={index} component="span" sx={{ display: 'block' }}>
                      Fixed {fix.field ?? fix.check_name}: {fix.reason}
                    </Box>
                  ))}
                </>
              }
            />
          </ListItem>
        ))}
      </List>
    </Box>
  )
}
