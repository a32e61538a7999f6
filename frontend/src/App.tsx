import {
  Box,
  Container,
  CssBaseline,
  createTheme,
  Grid,
  Paper,
  Skeleton,
  Stack,
  Tab,
  Tabs,
  ThemeProvider,
  Typography,
} from '@mui/material'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { type ApiClient, createApiClient, type UploadItem, type UploadMetadata } from './api/client'
import { ApiError } from './api/errors'
import { asksForValues, requestKey, requestKind } from './api/pendingRequest'
import { defaultSocketUrl } from './api/socket'
import { clearToken, readToken, saveToken } from './api/token'
import type { RequestOption, ServiceInfo } from './api/types'
import { BatchPage } from './batch/BatchPage'
import { AppHeader } from './components/AppHeader'
import { ConversationPanel } from './components/ConversationPanel'
import { DecisionPanel } from './components/DecisionPanel'
import { ErrorAlerts } from './components/ErrorAlerts'
import { FieldRequestDialog } from './components/FieldRequestDialog'
import { LogsPanel } from './components/LogsPanel'
import { ProgressPanel } from './components/ProgressPanel'
import { ResultsPanel } from './components/ResultsPanel'
import { SessionPlan } from './components/SessionPlan'
import { SessionsDialog } from './components/SessionsDialog'
import { StartPanel } from './components/StartPanel'
import { SummaryPanel } from './components/SummaryPanel'
import { TokenDialog } from './components/TokenDialog'
import { ErrorsProvider, useErrors } from './hooks/useErrors'
import { useServiceStatus } from './hooks/useServiceStatus'
import { useWorkflowActions } from './hooks/useWorkflowActions'
import { CatalogueProvider } from './metadata/CatalogueContext'

const theme = createTheme({
  palette: { background: { default: '#f4f6f8' } },
  shape: { borderRadius: 8 },
})

interface AppProps {
  api?: ApiClient
  socketUrl?: string
}

export default function App({ api, socketUrl }: AppProps) {
  const client = useMemo(() => api ?? createApiClient(), [api])
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <ErrorsProvider>
        <Authenticated api={client} socketUrl={socketUrl ?? defaultSocketUrl()} />
      </ErrorsProvider>
    </ThemeProvider>
  )
}

/** Asks for the API token when the service wants one, then shows the workspace. */
function Authenticated({ api, socketUrl }: { api: ApiClient; socketUrl: string }) {
  const { report } = useErrors()
  const [info, setInfo] = useState<ServiceInfo | null>(null)
  const [needToken, setNeedToken] = useState(false)
  const [tokenVersion, setTokenVersion] = useState(0)

  const handleError = useCallback(
    (error: unknown, context: string) => {
      if (error instanceof ApiError && error.kind === 'unauthorized') {
        clearToken()
        setNeedToken(true)
        console.error(`${context} failed: the API token is missing or wrong`, error)
        return
      }
      report(error, context)
    },
    [report],
  )

  const loadInfo = useCallback(() => {
    api
      .info()
      .then((answer) => {
        setInfo(answer)
        if (answer.auth_required && !readToken()) setNeedToken(true)
      })
      .catch((error: unknown) => handleError(error, 'Reading the service information'))
  }, [api, handleError])

  useEffect(loadInfo, [loadInfo])

  const onToken = (token: string) => {
    saveToken(token)
    setNeedToken(false)
    setTokenVersion((version) => version + 1)
    loadInfo() // with the token, now that it is saved
  }

  return (
    <CatalogueProvider key={tokenVersion} api={api} onError={handleError}>
      <Workspace
        key={tokenVersion}
        api={api}
        socketUrl={socketUrl}
        info={info}
        enabled={!needToken}
        onError={handleError}
        onUnauthorized={() => setNeedToken(true)}
      />
      <TokenDialog open={needToken} onSave={onToken} />
    </CatalogueProvider>
  )
}

interface WorkspaceProps {
  api: ApiClient
  socketUrl: string
  info: ServiceInfo | null
  enabled: boolean
  onError(error: unknown, context: string): void
  onUnauthorized(): void
}

function Workspace({ api, socketUrl, info, enabled, onError, onUnauthorized }: WorkspaceProps) {
  const { errors, dismiss } = useErrors()
  const service = useServiceStatus(api, socketUrl, onError, enabled)
  const actions = useWorkflowActions(api, onError, service.refresh)
  const { status, connection } = service
  const [startingNew, setStartingNew] = useState(false)
  const [hasDraft, setHasDraft] = useState(false)
  const [logsOpen, setLogsOpen] = useState(false)
  const [sessionsOpen, setSessionsOpen] = useState(false)
  const [closedDialog, setClosedDialog] = useState<string | null>(null)
  const [rejections, setRejections] = useState<Record<string, string>>({})
  const [chatFocus, setChatFocus] = useState(0)
  const [view, setView] = useState<'single' | 'batch'>(() => (window.location.hash === '#batch' ? 'batch' : 'single'))

  const chooseView = (next: 'single' | 'batch') => {
    setView(next)
    window.history.replaceState(null, '', next === 'batch' ? '#batch' : '#')
  }

  useEffect(() => {
    if (connection === 'unauthorized') onUnauthorized()
  }, [connection, onUnauthorized])

  const showStart = status !== null && (status.status === 'idle' || startingNew || hasDraft)
  const pending = status?.pending_request ?? null
  const currentRequest = requestKey(pending)
  // While a new upload is prepared (e.g. in a second tab), the running session's questions stay out of the way.
  const valuesRequest = pending && asksForValues(pending) && !showStart ? pending : null
  // A question opens its dialog once; closed, it stays closed until the next question.
  const dialogOpen = Boolean(valuesRequest && closedDialog !== currentRequest)

  const start = async (items: UploadItem[], metadata: UploadMetadata, onProgress: (f: number) => void) => {
    try {
      await api.upload(items, metadata, onProgress)
      setStartingNew(false)
      setRejections({})
      await service.refresh()
      return true
    } catch (error) {
      onError(error, 'Uploading the recording')
      return false
    }
  }

  const sendMessage = async (text: string) => {
    const answer = await actions.sendMessage(text)
    if (answer) setRejections(answer.rejected ?? {})
    return answer !== null
  }

  const sendFields = async (fields: Record<string, unknown>, skip: string[]) => {
    const outcome = await actions.sendFields(fields, skip)
    if (outcome.ok) setRejections(outcome.value.rejected ?? {})
    return outcome
  }

  const choose = (option: RequestOption) => {
    setRejections({}) // refusals belong to the answer before a decision, not to the questions after it
    if (pending) void actions.choose(option, pending)
  }

  const activeElsewhere =
    status?.status === 'processing' || status?.status === 'awaiting_user_input' ? status.status : null
  const hasResults = Boolean(
    status && (status.overall_status || status.versions.length || status.failure || status.validation_status),
  )
  const decision = !pending ? null : requestKind(pending) === 'confirm_summary' ? (
    <SummaryPanel
      key={currentRequest}
      request={pending}
      sending={actions.sending}
      onConfirm={choose}
      onSubmit={sendFields}
    />
  ) : (
    <DecisionPanel
      request={pending}
      correctionAttempt={status?.correction_attempt ?? 0}
      sending={actions.sending}
      onChoose={choose}
      onOpenDialog={() => setClosedDialog(null)}
      sessionStreams={status?.detected_format?.streams?.length ?? 0}
    />
  )

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppHeader
        info={info}
        connection={connection}
        onOpenLogs={() => setLogsOpen(true)}
        onOpenSessions={() => setSessionsOpen(true)}
      />
      <Container maxWidth="xl" sx={{ py: { xs: 2, sm: 3 }, px: { xs: 1, sm: 3 } }}>
        <ErrorAlerts errors={errors} onDismiss={dismiss} connection={connection} />
        <Tabs value={view} onChange={(_, next) => chooseView(next)} sx={{ mb: 2 }} aria-label="What to convert">
          <Tab value="single" label="One recording" data-testid="view-single" />
          <Tab value="batch" label="Many sessions" data-testid="view-batch" />
        </Tabs>
        {view === 'batch' && (
          <Box data-testid="batch-page">
            <BatchPage api={api} socketUrl={socketUrl} onError={onError} />
          </Box>
        )}
        <Grid container spacing={{ xs: 2, md: 3 }} sx={{ display: view === 'batch' ? 'none' : undefined }}>
          <Grid size={{ xs: 12, md: 8 }}>
            <Stack spacing={{ xs: 2, md: 3 }}>
              {status === null && <Loading />}
              {showStart && (
                <StartPanel
                  onStart={start}
                  maxUploadGb={info?.max_upload_size_gb}
                  onDraftChange={setHasDraft}
                  busyWith={activeElsewhere}
                />
              )}
              {status && !showStart && (
                <>
                  <ProgressPanel status={status} onCancel={actions.cancel} cancelling={actions.sending} />
                  {status.detected_format?.streams?.length ? (
                    <SessionPlan
                      streams={status.detected_format.streams}
                      editable={status.status === 'awaiting_user_input' && !status.detected_format.needs_choice}
                      sending={actions.sending}
                      onChoose={(name, included) => void actions.chooseStream(name, included)}
                    />
                  ) : null}
                  {hasResults ? (
                    <ResultsPanel
                      status={status}
                      decision={decision}
                      sending={actions.sending}
                      onStartAnother={() => setStartingNew(true)}
                      onTryAgain={actions.tryAgain}
                    />
                  ) : (
                    decision && <Paper sx={{ p: { xs: 2, sm: 3 } }}>{decision}</Paper>
                  )}
                </>
              )}
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <ConversationPanel
              status={status}
              sending={actions.sending}
              focusRequest={chatFocus}
              paused={showStart}
              onSend={sendMessage}
              onChoose={choose}
            />
          </Grid>
        </Grid>
      </Container>
      {valuesRequest && (
        <FieldRequestDialog
          key={currentRequest}
          request={valuesRequest}
          open={dialogOpen}
          sending={actions.sending}
          serverRejections={rejections}
          onClose={() => setClosedDialog(currentRequest)}
          onAnswerInChat={() => {
            setClosedDialog(currentRequest)
            setChatFocus((count) => count + 1)
          }}
          onSubmit={sendFields}
        />
      )}
      <SessionsDialog
        api={api}
        open={sessionsOpen}
        onClose={() => setSessionsOpen(false)}
        eventCount={service.eventCount}
        onError={onError}
      />
      <LogsPanel
        api={api}
        open={logsOpen}
        onClose={() => setLogsOpen(false)}
        eventCount={service.eventCount}
        onError={onError}
      />
    </Box>
  )
}

function Loading() {
  return (
    <Paper sx={{ p: 3 }} aria-busy="true">
      <Typography variant="body1" gutterBottom>
        Connecting to the conversion service…
      </Typography>
      <Skeleton variant="rectangular" height={160} />
    </Paper>
  )
}
