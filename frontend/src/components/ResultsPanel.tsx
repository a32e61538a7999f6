import AddIcon from '@mui/icons-material/Add'
import { Alert, AlertTitle, Button, Chip, Divider, Paper, Stack, Typography } from '@mui/material'
import type { ReactNode } from 'react'
import type { StatusResponse, ValidationStatus } from '../api/types'
import { CorrectionHistory } from './CorrectionHistory'
import { Downloads } from './Downloads'
import { IssueList } from './IssueList'
import { SeverityCountChips } from './SeverityCountChips'
import { ValidationBanner } from './ValidationBanner'

const FINAL_WORDS: Record<ValidationStatus, string> = {
  passed: 'Passed',
  passed_accepted: 'Accepted as is',
  passed_improved: 'Passed after corrections',
  failed_user_declined: 'Failed: corrections declined',
  failed_user_abandoned: 'Failed: corrections abandoned',
}

interface Props {
  status: StatusResponse
  /** The decision the service waits for, shown right under the verdict. */
  decision?: ReactNode
  onStartAnother?(): void
}

/** The verdict, the issues, the downloads and the history of the session. */
export function ResultsPanel({ status, decision, onStartAnother }: Props) {
  const finished = status.status === 'completed' || status.status === 'failed'
  return (
    <Paper component="section" aria-labelledby="results-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography id="results-title" variant="h5" component="h2" sx={{ flexGrow: 1 }}>
            Results
          </Typography>
          {status.validation_status && (
            <Chip
              color={status.validation_status.startsWith('passed') ? 'success' : 'error'}
              label={`Final status: ${FINAL_WORDS[status.validation_status]} (${status.validation_status})`}
              data-testid="final-status"
            />
          )}
          {typeof status.completeness_score === 'number' && (
            <Chip variant="outlined" label={`Metadata completeness ${Math.round(status.completeness_score)}%`} />
          )}
        </Stack>
        {status.overall_status && <ValidationBanner overall={status.overall_status} counts={status.validation_details} />}
        {status.failure && status.failure.reason !== 'user_declined' && (
          <Alert severity="error" data-testid="failure">
            <AlertTitle>The session stopped</AlertTitle>
            {status.failure.message}
            {status.failure.error_id && ` (error id ${status.failure.error_id})`}
          </Alert>
        )}
        {status.validation_details && <SeverityCountChips counts={status.validation_details} />}
        {decision}
        <Downloads versions={status.versions} reportAvailable={status.report_available} reportName={status.report_name} reportSha256={status.report_sha256} />
        <IssueList issues={status.issues} />
        <CorrectionHistory history={status.correction_history} />
        {finished && onStartAnother && (
          <>
            <Divider />
            <Button variant="outlined" startIcon={<AddIcon />} onClick={onStartAnother} sx={{ alignSelf: 'flex-start' }}>
              Convert another recording
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  )
}
