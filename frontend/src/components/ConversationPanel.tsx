import SendIcon from '@mui/icons-material/Send'
import { Box, Button, IconButton, Paper, Stack, TextField, Typography } from '@mui/material'
import { type KeyboardEvent, useEffect, useRef, useState } from 'react'
import { asksForValues, canSkip, JUST_CONVERT_MESSAGE } from '../api/pendingRequest'
import type { PendingRequest, RequestOption, StatusResponse } from '../api/types'
import { displayTurns } from './conversationTurns'
import { requestOptions } from './DecisionPanel'

interface Props {
  status: StatusResponse | null
  sending: boolean
  /** Grows when something asks to put the cursor in the answer box (e.g. "Answer in the chat instead"). */
  focusRequest?: number
  /** Set while a new upload is being prepared: answers would go to the conversation already running. */
  paused?: boolean
  onSend(text: string): Promise<boolean>
  onChoose(option: RequestOption): void
}

interface QuickReply {
  label: string
  run(): void
}

/** The assistant's questions and explanations, quick replies, and a box to answer in words. */
export function ConversationPanel({ status, sending, focusRequest = 0, paused = false, onSend, onChoose }: Props) {
  const [draft, setDraft] = useState('')
  const messages = useRef<HTMLDivElement>(null)
  const input = useRef<HTMLTextAreaElement>(null)
  const turns = displayTurns(status)
  const pending = status?.pending_request ?? null
  const canAnswer = status?.status === 'awaiting_user_input' && !paused
  const quickReplies =
    pending && !paused
      ? quickRepliesFor(pending, status?.correction_attempt ?? 0, onChoose, (text) => void onSend(text))
      : []

  const lastText = turns[turns.length - 1]?.text
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new or changed last turn is what should scroll the box; the effect reads it from the DOM
  useEffect(() => {
    // Scroll the message box itself: scrolling an element into view would move the whole page.
    const box = messages.current
    if (box) box.scrollTop = box.scrollHeight
  }, [turns.length, lastText])

  useEffect(() => {
    // After the dialog that asked closes and hands focus back to what opened it.
    if (focusRequest === 0) return
    const timer = setTimeout(() => input.current?.focus(), 0)
    return () => clearTimeout(timer)
  }, [focusRequest])

  const send = async () => {
    const text = draft.trim()
    if (!text) return
    if (await onSend(text)) setDraft('')
  }
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault()
      void send()
    }
  }

  return (
    <Paper
      component="section"
      aria-labelledby="conversation-title"
      sx={{ p: 2, display: 'flex', flexDirection: 'column', minHeight: 320 }}
    >
      <Typography id="conversation-title" variant="h6" component="h2" gutterBottom>
        Conversation
      </Typography>
      <Box
        ref={messages}
        role="log"
        aria-live="polite"
        aria-label="Messages"
        sx={{ flexGrow: 1, overflowY: 'auto', maxHeight: { md: 480 }, pr: 0.5 }}
      >
        <Stack spacing={1}>
          {turns.map((turn) => (
            <Box
              key={turn.key}
              data-role={turn.role}
              sx={{
                alignSelf: turn.role === 'user' ? 'flex-end' : 'flex-start',
                maxWidth: '90%',
                px: 1.5,
                py: 1,
                borderRadius: 2,
                bgcolor: turn.role === 'user' ? 'primary.main' : 'grey.100',
                color: turn.role === 'user' ? 'primary.contrastText' : 'text.primary',
                whiteSpace: 'pre-wrap',
                wordBreak: 'break-word',
              }}
            >
              <Typography variant="caption" component="p" sx={{ opacity: 0.8 }}>
                {turn.role === 'user' ? 'You' : 'Assistant'}
              </Typography>
              <Typography variant="body2">{turn.text}</Typography>
            </Box>
          ))}
        </Stack>
      </Box>
      {quickReplies.length > 0 && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1.5 }} aria-label="Quick replies">
          {quickReplies.map((reply) => (
            <Button key={reply.label} size="small" variant="outlined" onClick={reply.run} disabled={sending}>
              {reply.label}
            </Button>
          ))}
        </Stack>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', mt: 1.5 }}>
        <TextField
          label="Your answer"
          placeholder={
            canAnswer
              ? 'Answer in your own words…'
              : paused
                ? 'A new recording is being prepared: the running conversion waits'
                : 'You can answer when the assistant asks something'
          }
          inputRef={input}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          multiline
          maxRows={4}
          fullWidth
          size="small"
          disabled={!canAnswer}
          slotProps={{ htmlInput: { 'aria-label': 'Message to the assistant', maxLength: 10000 } }}
          helperText={canAnswer ? 'Enter sends; Shift+Enter starts a new line.' : undefined}
        />
        <IconButton
          color="primary"
          aria-label="Send message"
          onClick={() => void send()}
          disabled={!canAnswer || sending || !draft.trim()}
        >
          <SendIcon />
        </IconButton>
      </Stack>
    </Paper>
  )
}

/** The request's options as buttons; a request for values can also be skipped altogether. */
function quickRepliesFor(
  request: PendingRequest,
  correctionAttempt: number,
  choose: (option: RequestOption) => void,
  say: (text: string) => void,
): QuickReply[] {
  const options: QuickReply[] = requestOptions(request, correctionAttempt).map((option) => ({
    label: option.label,
    run: () => choose(option),
  }))
  if (asksForValues(request) && canSkip(request))
    options.push({ label: 'Just convert, skip the questions', run: () => say(JUST_CONVERT_MESSAGE) })
  return options
}
