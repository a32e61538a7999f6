import SendIcon from '@mui/icons-material/Send'
import { Box, Button, IconButton, Paper, Stack, TextField, Typography } from '@mui/material'
import { useEffect, useRef, useState, type KeyboardEvent } from 'react'
import type { ChatTurn, RequestOption, StatusResponse } from '../api/types'
import { displayTurns } from './conversationTurns'
import { requestOptions } from './DecisionPanel'

interface Props {
  status: StatusResponse | null
  localReplies: ChatTurn[]
  sending: boolean
  onSend(text: string): Promise<boolean>
  onChoose(option: RequestOption): void
}

/** The assistant's questions and explanations, quick replies, and a box to answer in words. */
export function ConversationPanel({ status, localReplies, sending, onSend, onChoose }: Props) {
  const [draft, setDraft] = useState('')
  const bottom = useRef<HTMLDivElement>(null)
  const turns = displayTurns(status, localReplies)
  const pending = status?.pending_request ?? null
  const canAnswer = status?.status === 'awaiting_user_input'
  const quickReplies = pending ? requestOptions(pending, status?.correction_attempt ?? 0) : []

  useEffect(() => {
    bottom.current?.scrollIntoView?.({ block: 'nearest' })
  }, [turns.length])

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
    <Paper component="section" aria-labelledby="conversation-title" sx={{ p: 2, display: 'flex', flexDirection: 'column', minHeight: 320 }}>
      <Typography id="conversation-title" variant="h6" component="h2" gutterBottom>
        Conversation
      </Typography>
      <Box role="log" aria-live="polite" aria-label="Messages" sx={{ flexGrow: 1, overflowY: 'auto', maxHeight: { md: 480 }, pr: 0.5 }}>
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
        <div ref={bottom} />
      </Box>
      {quickReplies.length > 0 && pending && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1.5 }} aria-label="Quick replies">
          {quickReplies.map((option) => (
            <Button key={option.value} size="small" variant="outlined" onClick={() => onChoose(option)} disabled={sending}>
              {option.label}
            </Button>
          ))}
        </Stack>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-end', mt: 1.5 }}>
        <TextField
          label="Your answer"
          placeholder={canAnswer ? 'Answer in your own words…' : 'You can answer when the assistant asks something'}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
          multiline
          maxRows={4}
          fullWidth
          size="small"
          disabled={!canAnswer}
          slotProps={{ htmlInput: { 'aria-label': 'Message to the assistant', maxLength: 10000 } }}
        />
        <IconButton color="primary" aria-label="Send message" onClick={() => void send()} disabled={!canAnswer || sending || !draft.trim()}>
          <SendIcon />
        </IconButton>
      </Stack>
    </Paper>
  )
}
