import ExpandMoreIcon from '@mui/icons-material/ExpandMore'
import { Accordion, AccordionDetails, AccordionSummary, Box, Chip, Stack, Typography } from '@mui/material'
import type { ValidationIssue } from '../api/types'
import { keyed } from './keyed'
import { SEVERITY_COLORS, SEVERITY_NAMES, SEVERITY_ORDER } from './severity'

const FIX_WORDS: Record<string, string> = {
  auto: 'The service can fix this itself when you approve a correction.',
  ask: 'Needs a value only you know; you will be asked for it.',
  none: 'Cannot be fixed automatically.',
}

/** A crash inside one of NWB Inspector's own checks: the checker failed, not the file (not counted against it). */
export function isInspectorCrash(issue: ValidationIssue): boolean {
  return issue.category === 'inspector_internal'
}

// Issues about the file by severity first; checker crashes last, since they say nothing about the file.
const rank = (issue: ValidationIssue) =>
  isInspectorCrash(issue) ? SEVERITY_ORDER.length : SEVERITY_ORDER.indexOf(issue.severity)

function sortIssues(issues: ValidationIssue[]): ValidationIssue[] {
  return [...issues].sort((a, b) => rank(a) - rank(b))
}

/** Every issue of the latest evaluation; open one to read what it means and how to fix it. */
export function IssueList({ issues }: { issues: ValidationIssue[] }) {
  if (issues.length === 0) return null
  return (
    <Box>
      <Typography variant="h6" component="h3" gutterBottom>
        Issues ({issues.length})
      </Typography>
      {keyed(
        sortIssues(issues),
        (issue) => `${issue.check_name}|${issue.location ?? ''}|${issue.object_name ?? ''}`,
      ).map(({ key, item: issue }, index) => (
        <Accordion key={key} disableGutters variant="outlined">
          <AccordionSummary
            expandIcon={<ExpandMoreIcon />}
            aria-controls={`issue-${index}-details`}
            id={`issue-${index}-summary`}
          >
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', minWidth: 0 }}>
              {isInspectorCrash(issue) ? (
                <Chip size="small" variant="outlined" label="Checker crash" sx={{ flexShrink: 0 }} />
              ) : (
                <Chip
                  size="small"
                  label={SEVERITY_NAMES[issue.severity]}
                  color={SEVERITY_COLORS[issue.severity]}
                  sx={{ flexShrink: 0 }}
                />
              )}
              <Typography variant="body2" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                {issue.message}
                {/* Several objects can fail the same check ("Description is missing."): say which. */}
                {issue.object_type && issue.object_name !== 'root' && (
                  <Typography component="span" variant="body2" color="text.secondary">
                    {' '}
                    · {issue.object_type}
                    {issue.object_name && issue.object_name !== issue.object_type.toLowerCase()
                      ? ` ${issue.object_name}`
                      : ''}
                  </Typography>
                )}
              </Typography>
            </Stack>
          </AccordionSummary>
          <AccordionDetails id={`issue-${index}-details`}>
            <IssueDetails issue={issue} />
          </AccordionDetails>
        </Accordion>
      ))}
    </Box>
  )
}

function IssueDetails({ issue }: { issue: ValidationIssue }) {
  const rows: [string, string | null | undefined][] = [
    ['What it means', issue.explanation],
    ['Why it matters', issue.why_it_matters],
    ['How to fix it', issue.how_to_fix ?? (issue.fix_kind ? FIX_WORDS[issue.fix_kind] : null)],
    ['Check', issue.check_name],
    ['Where', [issue.location, issue.object_type, issue.object_name].filter(Boolean).join(' · ') || null],
    ['Inspector importance', issue.importance],
  ]
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '180px 1fr' }, columnGap: 2, rowGap: 0.5 }}
    >
      {rows
        .filter(([, value]) => value)
        .map(([label, value]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" sx={{ fontWeight: 600 }}>
              {label}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0, wordBreak: 'break-word' }}>
              {value}
            </Typography>
          </Box>
        ))}
    </Box>
  )
}
