import AddIcon from '@mui/icons-material/Add'
import ReplayIcon from '@mui/icons-material/Replay'
import { Alert, AlertTitle, Button, Chip, Divider, Paper, Stack, Typography } from '@mui/material'
import type { ReactNode } from 'react'
import type { StatusResponse } from '../api/types'
import { CorrectionHistory } from './CorrectionHistory'
import { Downloads } from './Downloads'
import { FileContents } from './FileContents'
import { IssueList, isInspectorCrash } from './IssueList'
import { OutcomeBanner } from './OutcomeBanner'
import { SeverityCountChips } from './SeverityCountChips'
import { ValidationBanner } from './ValidationBanner'

// Endings the user chose; any other failure is the service's, and can be tried again.
const USER_ENDINGS = new Set(['user_declined', 'user_abandoned'])

interface Props {
  status: StatusResponse
  /** The decision the service waits for, shown right under the verdict. */
  decision?: ReactNode
  sending?: boolean
  onStartAnother?(): void
  onTryAgain?(): void
}

/** The verdict, the issues, the downloads and the history of the session. */
export function ResultsPanel({ status, decision, sending, onStartAnother, onTryAgain }: Props) {
  const finished = status.status === 'completed' || status.status === 'failed'
  const serviceFailure = status.failure && !USER_ENDINGS.has(status.failure.reason) ? status.failure : null
  const issues = status.issues ?? []
  return (
    <Paper component="section" aria-labelledby="results-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography id="results-title" variant="h5" component="h2" sx={{ flexGrow: 1 }}>
            Results
          </Typography>
          {typeof status.completeness_score === 'number' && (
            <Chip variant="outlined" label={`Metadata completeness ${Math.round(status.completeness_score)}%`} />
          )}
        </Stack>
        {status.validation_status && <OutcomeBanner status={status.validation_status} />}
        {serviceFailure && (
          <Alert
            severity="error"
            data-testid="failure"
            action={
              onTryAgain && (
                <Button color="inherit" size="small" startIcon={<ReplayIcon />} onClick={onTryAgain} disabled={sending}>
                  Try again
                </Button>
              )
            }
          >
            <AlertTitle>The conversion stopped with an error</AlertTitle>
            {serviceFailure.message}
            {serviceFailure.error_id && ` (error id ${serviceFailure.error_id})`}
          </Alert>
        )}
        {status.overall_status && (
          <ValidationBanner
            overall={status.overall_status}
            counts={status.validation_details}
            inspectorCrashes={issues.filter(isInspectorCrash).length}
          />
        )}
        {status.validation_details && <SeverityCountChips counts={status.validation_details} />}
        {decision}
        <Downloads
          versions={status.versions}
          reportAvailable={status.report_available}
          reportName={status.report_name}
          reportSha256={status.report_sha256}
        />
        <FileContents status={status} />
        <IssueList issues={issues} />
        <CorrectionHistory history={status.correction_history} />
        {finished && onStartAnother && (
          <>
            <Divider />
            <Button
              variant="outlined"
              startIcon={<AddIcon />}
              onClick={onStartAnother}
              sx={{ alignSelf: 'flex-start' }}
            >
              Convert another recording
            </Button>
          </>
        )}
      </Stack>
    </Paper>
  )
}
