import { Box, Container, CssBaseline, Grid, Paper, Skeleton, Stack, ThemeProvider, Typography, createTheme } from '@mui/material'
import { useCallback, useEffect, useMemo, useState } from 'react'
import { createApiClient, type ApiClient, type UploadItem, type UploadMetadata } from './api/client'
import { ApiError } from './api/errors'
import { defaultSocketUrl } from './api/socket'
import { clearToken, readToken, saveToken } from './api/token'
import type { ChatTurn, RequestOption, ServiceInfo, StatusResponse } from './api/types'
import { AppHeader } from './components/AppHeader'
import { ConversationPanel } from './components/ConversationPanel'
import { DecisionPanel } from './components/DecisionPanel'
import { ErrorAlerts } from './components/ErrorAlerts'
import { FieldRequestDialog } from './components/FieldRequestDialog'
import { LogsPanel } from './components/LogsPanel'
import { ProgressPanel } from './components/ProgressPanel'
import { ResultsPanel } from './components/ResultsPanel'
import { StartPanel } from './components/StartPanel'
import { TokenDialog } from './components/TokenDialog'
import { ErrorsProvider, useErrors } from './hooks/useErrors'
import { useServiceStatus } from './hooks/useServiceStatus'
import { useWorkflowActions } from './hooks/useWorkflowActions'

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

  useEffect(() => {
    api
      .info()
      .then((answer) => {
        setInfo(answer)
        if (answer.auth_required && !readToken()) setNeedToken(true)
      })
      .catch((error: unknown) => handleError(error, 'Reading the service information'))
  }, [api, handleError, tokenVersion])

  const onToken = (token: string) => {
    saveToken(token)
    setNeedToken(false)
    setTokenVersion((version) => version + 1)
  }

  return (
    <>
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
    </>
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

function pendingKey(status: StatusResponse | null): string | null {
  const pending = status?.pending_request
  return pending ? `${pending.type}|${pending.message}|${pending.fields.map((f) => f.name).join(',')}` : null
}

function Workspace({ api, socketUrl, info, enabled, onError, onUnauthorized }: WorkspaceProps) {
  const { errors, dismiss } = useErrors()
  const service = useServiceStatus(api, socketUrl, onError, enabled)
  const actions = useWorkflowActions(api, onError, service.refresh)
  const { status, connection } = service
  const [startingNew, setStartingNew] = useState(false)
  const [hasDraft, setHasDraft] = useState(false)
  const [logsOpen, setLogsOpen] = useState(false)
  const [localReplies, setLocalReplies] = useState<ChatTurn[]>([])
  const [dialogFor, setDialogFor] = useState<string | null>(null)
  const [dismissedDialog, setDismissedDialog] = useState<string | null>(null)

  useEffect(() => {
    if (connection === 'unauthorized') onUnauthorized()
  }, [connection, onUnauthorized])

  // A request for values opens its dialog once; closed, it stays closed until a new request.
  const currentPending = pendingKey(status)
  const asksValues = status?.pending_request && ['metadata', 'user_input'].includes(status.pending_request.type) && status.pending_request.fields.length > 0
  const dialogOpen = Boolean(asksValues && currentPending && (dialogFor === currentPending || dismissedDialog !== currentPending))

  const start = async (items: UploadItem[], metadata: UploadMetadata, onProgress: (f: number) => void) => {
    try {
      await api.upload(items, metadata, onProgress)
      setStartingNew(false)
      setLocalReplies([])
      await service.refresh()
      return true
    } catch (error) {
      onError(error, 'Uploading the recording')
      return false
    }
  }

  const rememberReply = (reply: string | undefined) => {
    if (reply) setLocalReplies((turns) => [...turns, { role: 'assistant', text: reply, timestamp: new Date().toISOString() }])
  }

  const sendMessage = async (text: string) => {
    const answer = await actions.sendMessage(text)
    rememberReply(answer?.reply)
    return answer !== null
  }

  const choose = (option: RequestOption) => {
    if (status?.pending_request) void actions.choose(option, status.pending_request.type)
  }

  const showStart = status !== null && (status.status === 'idle' || startingNew || hasDraft)
  const activeElsewhere = status && ['processing', 'awaiting_user_input'].includes(status.status) ? status.status.replace(/_/g, ' ') : null
  const hasResults = Boolean(status && (status.overall_status || status.versions.length || status.failure || status.validation_status))
  const decision = status?.pending_request ? (
    <DecisionPanel
      request={status.pending_request}
      correctionAttempt={status.correction_attempt}
      sending={actions.sending}
      onChoose={choose}
      onOpenDialog={() => setDialogFor(currentPending)}
    />
  ) : null

  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default' }}>
      <AppHeader info={info} connection={connection} onOpenLogs={() => setLogsOpen(true)} />
      <Container maxWidth="xl" sx={{ py: { xs: 2, sm: 3 } }}>
        <ErrorAlerts errors={errors} onDismiss={dismiss} connection={connection} />
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 8 }}>
            <Stack spacing={3}>
              {status === null && <Loading />}
              {showStart && (
                <StartPanel onStart={start} maxUploadGb={info?.max_upload_size_gb} onDraftChange={setHasDraft} busyWith={activeElsewhere} />
              )}
              {status && !showStart && (
                <>
                  <ProgressPanel status={status} onCancel={actions.cancel} cancelling={actions.sending} />
                  {hasResults ? (
                    <ResultsPanel status={status} decision={decision} onStartAnother={() => setStartingNew(true)} />
                  ) : (
                    decision && <Paper sx={{ p: 2 }}>{decision}</Paper>
                  )}
                </>
              )}
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <ConversationPanel status={status} localReplies={localReplies} sending={actions.sending} onSend={sendMessage} onChoose={choose} />
          </Grid>
        </Grid>
      </Container>
      {status?.pending_request && asksValues && (
        <FieldRequestDialog
          key={currentPending}
          request={status.pending_request}
          open={dialogOpen}
          sending={actions.sending}
          onClose={() => {
            setDialogFor(null)
            setDismissedDialog(currentPending)
          }}
          onSubmit={async (fields, skip) => {
            const answer = await actions.sendFields(fields, skip)
            rememberReply(answer?.reply)
            return answer
          }}
        />
      )}
      <LogsPanel api={api} open={logsOpen} onClose={() => setLogsOpen(false)} eventCount={service.eventCount} onError={onError} />
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
