import PlayArrowIcon from '@mui/icons-material/PlayArrow'
import { Alert, Box, Button, Divider, LinearProgress, Paper, Stack, Typography } from '@mui/material'
import { useState } from 'react'
import type { UploadItem, UploadMetadata } from '../api/client'
import { useMetadataValues } from '../hooks/useMetadataValues'
import { useCatalogue } from '../metadata/CatalogueContext'
import { missingRequired, typedValues } from '../metadata/catalogue'
import { MetadataForm } from './MetadataForm'
import { RecordingPicker } from './RecordingPicker'

interface Props {
  /** Told whether a recording is chosen, so the panel stays while the user prepares an upload. */
  onDraftChange?(hasDraft: boolean): void
  /** Set when another conversion holds the service. */
  busyWith?: 'processing' | 'awaiting_user_input' | null
  onStart(items: UploadItem[], metadata: UploadMetadata, onProgress: (fraction: number) => void): Promise<boolean>
  maxUploadGb?: number
}

/** Choose a recording, optionally describe it, and start the conversion. */
export function StartPanel({ onStart, maxUploadGb, onDraftChange, busyWith }: Props) {
  const [items, setItems] = useState<UploadItem[]>([])
  const [uploading, setUploading] = useState<number | null>(null)
  const [formProblem, setFormProblem] = useState<string | null>(null)
  const form = useMetadataValues()
  const { catalogue } = useCatalogue()
  const missing = missingRequired(catalogue, form.values)

  const choose = (chosen: UploadItem[]) => {
    setItems(chosen)
    onDraftChange?.(chosen.length > 0)
  }

  const start = async () => {
    const checked = await form.validateAll()
    if (!checked) {
      setFormProblem('Some values need a fix before upload: see the messages under the fields.')
      return
    }
    setFormProblem(null)
    setUploading(0)
    // What the person typed: the server normalises it (and asks back what it cannot read exactly).
    const started = await onStart(items, typedValues(checked), setUploading)
    setUploading(null)
    if (started) choose([])
  }

  return (
    <Paper component="section" aria-labelledby="start-title" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="start-title" variant="h5" component="h2" gutterBottom>
        1. Choose a recording
      </Typography>
      {busyWith && uploading === null && (
        <Alert severity="info" sx={{ mb: 2 }} data-testid="another-session">
          {busyWith === 'processing'
            ? 'Another conversion is running.'
            : 'Another conversion is waiting for an answer.'}{' '}
          You can prepare this one; it can start when the other has finished.
        </Alert>
      )}
      <RecordingPicker items={items} onChange={choose} disabled={uploading !== null} />
      {maxUploadGb !== undefined && (
        <Typography variant="caption" color="text.secondary">
          Up to {maxUploadGb} GB. Nothing leaves this computer.
        </Typography>
      )}
      <Divider sx={{ my: 3 }} />
      <Typography variant="h5" component="h2" gutterBottom>
        2. Describe it (optional)
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Fields marked * are needed for DANDI. Fill in what you know now, or skip the form: the assistant asks for what
        is missing in the conversation, and you can answer in your own words.
      </Typography>
      <MetadataForm form={form} disabled={uploading !== null} />
      {formProblem && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {formProblem}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Button
          variant="contained"
          size="large"
          startIcon={<PlayArrowIcon />}
          disabled={items.length === 0 || uploading !== null}
          sx={{ flexShrink: 0, whiteSpace: 'nowrap' }}
          onClick={start}
        >
          Start conversion
        </Button>
        <Typography variant="body2" color="text.secondary">
          {items.length === 0
            ? 'Choose a folder or files first.'
            : missing.length
              ? `Not given yet: ${missing.join(', ')}. You will be asked.`
              : 'All required metadata given.'}
        </Typography>
      </Stack>
      {uploading !== null && (
        <Box sx={{ mt: 2 }} aria-live="polite">
          <Typography variant="body2">Uploading… {Math.round(uploading * 100)}%</Typography>
          <LinearProgress variant="determinate" value={uploading * 100} aria-label="Upload progress" />
        </Box>
      )}
    </Paper>
  )
}
