import ExpandMoreIcon from '@mui/icons-material/ExpandMore'
import { Accordion, AccordionDetails, AccordionSummary, Box, Chip, Stack, Typography } from '@mui/material'
import type { ReactNode } from 'react'
import type { AppliedFix, CorrectionAttempt, ObjectChange, OverallStatus, ValidationIssue } from '../api/types'
import { useCatalogue } from '../metadata/CatalogueContext'
import { humanLabel } from '../metadata/catalogue'
import { keyed } from './keyed'

const RESULT_WORDS: Record<OverallStatus, { label: string; color: 'success' | 'warning' | 'error' }> = {
  PASSED: { label: 'passed', color: 'success' },
  PASSED_WITH_ISSUES: { label: 'valid with warnings', color: 'warning' },
  FAILED: { label: 'failed', color: 'error' },
}

const issueKey = (issue: ValidationIssue) => `${issue.check_name}|${issue.location ?? ''}|${issue.object_name ?? ''}`

/** Which issues a correction removed, which remain, and which it brought (null while not evaluated). */
export function compareIssues(
  attempt: CorrectionAttempt,
): { resolved: ValidationIssue[]; remaining: ValidationIssue[]; added: ValidationIssue[] } | null {
  if (!attempt.issues_after) return null
  const issuesBefore = attempt.issues_before ?? []
  const after = new Set(attempt.issues_after.map(issueKey))
  const before = new Set(issuesBefore.map(issueKey))
  return {
    resolved: issuesBefore.filter((issue) => !after.has(issueKey(issue))),
    remaining: attempt.issues_after.filter((issue) => before.has(issueKey(issue))),
    added: attempt.issues_after.filter((issue) => !before.has(issueKey(issue))),
  }
}

export function showValue(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)'
  if (Array.isArray(value)) return value.map(showValue).join('; ')
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

const TABLE_LABELS: Record<string, string> = { electrodes: 'electrodes column', units: 'units column' }

/** How a changed object is named: "Device PlaceholderElectrodeDevice", "electrodes column port", "Subject". */
export function objectLabel(change: ObjectChange): string {
  const kind = TABLE_LABELS[change.object_type] ?? change.object_type
  return change.object_name === 'root' || change.object_name === 'subject' ? kind : `${kind} ${change.object_name}`
}

const objectChangeKey = (change: ObjectChange) => `${change.object_type}|${change.object_name}|${change.attribute}`

/** One value before and after, or how many objects a fix changed one by one. */
function fixSummary(fix: AppliedFix): string {
  const changes = fix.changes ?? []
  if (changes.length > 1)
    return `: ${changes.length} objects (${[...new Set(changes.map((c) => c.object_name))].join(', ')})`
  return `: ${showValue(fix.old_value)} → ${showValue(fix.new_value)}`
}

/** Every correction: what was wrong before, what the service fixed, what you gave, and what changed. */
export function CorrectionHistory({ history }: { history: CorrectionAttempt[] }) {
  if (history.length === 0) return null
  return (
    <Box component="section" aria-labelledby="history-title">
      <Typography id="history-title" variant="h6" component="h3" gutterBottom>
        Correction history
      </Typography>
      {history.map((attempt, index) => (
        <AttemptRecord key={attempt.attempt} attempt={attempt} expanded={index === history.length - 1} />
      ))}
    </Box>
  )
}

function AttemptRecord({ attempt, expanded }: { attempt: CorrectionAttempt; expanded: boolean }) {
  const { catalogue } = useCatalogue()
  const change = compareIssues(attempt)
  const result = attempt.status_after ? RESULT_WORDS[attempt.status_after] : null
  const given = Object.entries(attempt.user_input ?? {})
  const issuesBefore = attempt.issues_before ?? []
  const id = `correction-${attempt.attempt}`
  return (
    <Accordion defaultExpanded={expanded} disableGutters variant="outlined" data-testid={id}>
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${id}-details`} id={`${id}-summary`}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="body1" sx={{ fontWeight: 600 }}>
            Correction {attempt.attempt}
            {attempt.version ? ` → v${attempt.version}` : ''}
          </Typography>
          <Chip
            size="small"
            variant="outlined"
            label={`${issuesBefore.length} issues before${attempt.issues_after ? ` → ${attempt.issues_after.length} after` : ''}`}
          />
          {result ? (
            <Chip size="small" color={result.color} label={result.label} />
          ) : (
            <Chip size="small" label="in progress" />
          )}
        </Stack>
      </AccordionSummary>
      <AccordionDetails id={`${id}-details`}>
        <Stack spacing={1.5}>
          <Part title="Fixed automatically" empty="Nothing: this round needed values only you know.">
            {keyed(attempt.fixes_applied ?? [], (fix) => `${fix.check_name}|${fix.field ?? ''}`).map(
              ({ key, item: fix }) => (
                <li key={key}>
                  <Typography variant="body2">
                    <strong>{fix.field ? humanLabel(fix.field, catalogue) : fix.check_name}</strong>
                    {fix.field && fixSummary(fix)}
                    {fix.took_effect === false && ' (did not take effect)'}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {fix.reason}
                  </Typography>
                </li>
              ),
            )}
          </Part>
          {change && (
            <Part title="Changed in the file" empty="Nothing changed in the file's descriptions.">
              {keyed(attempt.changes ?? [], objectChangeKey).map(({ key, item }) => (
                <li key={key}>
                  <Typography variant="body2">
                    <strong>{objectLabel(item)}</strong> {item.attribute.replaceAll('_', ' ')}: {showValue(item.before)}{' '}
                    → {showValue(item.after)}
                  </Typography>
                </li>
              ))}
            </Part>
          )}
          <Part title="Your answers" empty={change ? 'None given in this round.' : 'None yet.'}>
            {given.map(([name, value]) => (
              <li key={name}>
                <Typography variant="body2">
                  <strong>{humanLabel(name, catalogue)}</strong>: {showValue(value)}
                </Typography>
              </li>
            ))}
          </Part>
          {change ? (
            <>
              <IssueNames title="Resolved" issues={change.resolved} />
              <IssueNames title="Still there" issues={change.remaining} />
              <IssueNames title="New" issues={change.added} />
            </>
          ) : (
            <IssueNames title="Issues before" issues={issuesBefore} />
          )}
        </Stack>
      </AccordionDetails>
    </Accordion>
  )
}

function Part({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  return (
    <Box>
      <Typography variant="subtitle2" component="h4">
        {title}
      </Typography>
      {children.length ? (
        <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
          {children}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {empty}
        </Typography>
      )}
    </Box>
  )
}

function IssueNames({ title, issues }: { title: string; issues: ValidationIssue[] }) {
  if (issues.length === 0) return null
  return (
    <Part title={`${title} (${issues.length})`} empty="">
      {keyed(issues, issueKey).map(({ key, item: issue }) => (
        <li key={key}>
          <Typography variant="body2">
            {issue.message}
            {issue.object_name && issue.object_name !== 'root' ? ` (${issue.object_name})` : ''}
          </Typography>
        </li>
      ))}
    </Part>
  )
}
